import { Injectable } from '@nestjs/common';
import type ExcelJSModule from 'exceljs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { Client } from 'pg';
import { Prisma } from '../../../../generated/prisma/client';
import type { SearchHistoryRow } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { CSV_BOM, csvLine } from '../../../imports';
import { historyOrder, historySelect, historyWhere, toHistoryRow, type HistoryFilter, type RawRow } from './search-history.query';

/** Rows fetched from the cursor at a time: memory stays flat however many rows the export has. */
const CHUNK = 5_000;

const OUTCOME = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' } as const;

const HEADER = ['N° búsqueda', 'Fecha', 'Sesión', 'Persona', 'Correo', 'Exámenes', 'Comuna', 'Región', 'Comunas cercanas', 'Previsión', 'Cobertura %', 'Resultados', 'Resultado', 'Latencia ms'];

const cells = (r: SearchHistoryRow) => [
  r.id, r.createdAt, r.session, r.person?.fullName ?? null, r.person?.email ?? null, r.exams.map((e) => e.name).join(' | '), r.comuna, r.region,
  r.withNearLocations ? 'Sí' : 'No', r.insurer, r.coveragePercentage, r.resultCount, OUTCOME[r.outcome], r.tookMs,
];

/**
 * The filtered search history as a file, in the page's order, written chunk by chunk as it is read.
 * One server-side cursor in a read-only repeatable-read transaction: the file is one consistent
 * snapshot (rows written meanwhile neither appear half-way nor shift the chunks), each row is read
 * once with no re-planned keyset per chunk, and the rows go from the driver straight to the file
 * without the ORM's per-cell conversion. The connection is the export's own, so a long export never
 * holds one of the pool's connections that requests need.
 */
@Injectable()
export class SearchHistoryExport {
  constructor(private readonly prisma: PrismaService) {}

  async *rows(filter: HistoryFilter): AsyncGenerator<SearchHistoryRow[]> {
    const { column, desc } = historyOrder(filter);
    const direction = Prisma.raw(desc ? 'DESC' : 'ASC');
    const select = historySelect(historyWhere(filter), Prisma.sql`ORDER BY ${column} ${direction}, s.id ${direction}`, true);
    // The catalogue's few hundred names once, rather than a sub-query per exported row.
    const examNames = new Map((await this.prisma.exam.findMany({ select: { id: true, name: true } })).map((e) => [e.id, e.name]));
    const client = new Client({ connectionString: this.prisma.databaseUrl, application_name: 'cotizalab-export' });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query({ text: `DECLARE history_export NO SCROLL CURSOR FOR ${select.text}`, values: select.values });
      for (;;) {
        const { rows } = await client.query<RawRow>(`FETCH ${CHUNK} FROM history_export`);
        if (rows.length === 0) break;
        yield rows.map((row) => toHistoryRow(row, examNames));
        if (rows.length < CHUNK) break;
      }
      await client.query('COMMIT');
    } finally {
      // A download cut short leaves the generator here too: the connection (and its transaction) goes with it.
      await client.end().catch(() => undefined);
    }
  }

  /** Writes CSV (`;`, BOM, Excel-safe cells) to `out`, honouring back-pressure; returns the rows written. */
  async csv(filter: HistoryFilter, out: Writable): Promise<number> {
    let count = 0;
    if (!out.write(CSV_BOM + csvLine(HEADER))) await once(out, 'drain');
    for await (const chunk of this.rows(filter)) {
      count += chunk.length;
      if (!out.write(chunk.map((r) => csvLine(cells(r))).join(''))) await once(out, 'drain');
    }
    out.end();
    return count;
  }

  /** Writes XLSX with exceljs's streaming writer (rows committed as they go). */
  async xlsx(filter: HistoryFilter, out: Writable): Promise<number> {
    const workbook = new (require('exceljs') as typeof ExcelJSModule).stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Búsquedas');
    sheet.addRow(HEADER).commit();
    let count = 0;
    for await (const chunk of this.rows(filter)) {
      count += chunk.length;
      for (const r of chunk) sheet.addRow(cells(r)).commit();
    }
    sheet.commit();
    await workbook.commit();
    return count;
  }
}
