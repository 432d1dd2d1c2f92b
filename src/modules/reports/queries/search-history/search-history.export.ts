import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { Prisma } from '../../../../generated/prisma/client';
import type { SearchHistoryRow } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { CSV_BOM, csvLine } from '../../../imports';
import { historyOrder, historySelect, historyWhere, readHistory, type HistoryFilter } from './search-history.query';

/** Rows read per statement: memory stays flat however many rows the export has. */
const CHUNK = 10_000;

const OUTCOME = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' } as const;

const HEADER = ['N° búsqueda', 'Fecha', 'Sesión', 'Persona', 'Correo', 'Exámenes', 'Comuna', 'Región', 'Comunas cercanas', 'Previsión', 'Cobertura %', 'Resultados', 'Resultado', 'Latencia ms'];

const cells = (r: SearchHistoryRow) => [
  r.id, r.createdAt, r.session, r.person?.fullName ?? null, r.person?.email ?? null, r.exams.map((e) => e.name).join(' | '), r.comuna, r.region,
  r.withNearLocations ? 'Sí' : 'No', r.insurer, r.coveragePercentage, r.resultCount, OUTCOME[r.outcome], r.tookMs,
];

/**
 * The filtered search history as a file, in the page's order, written chunk by chunk as it is read
 * (keyset on the order column and id: no OFFSET that slows down as it goes).
 */
@Injectable()
export class SearchHistoryExport {
  constructor(private readonly prisma: PrismaService) {}

  async *rows(filter: HistoryFilter): AsyncGenerator<SearchHistoryRow[]> {
    const where = historyWhere(filter);
    const { column, desc } = historyOrder(filter);
    const direction = Prisma.raw(desc ? 'DESC' : 'ASC');
    const after = Prisma.raw(desc ? '<' : '>');
    // The catalogue's few hundred names once, rather than a sub-query per exported row.
    const examNames = new Map((await this.prisma.exam.findMany({ select: { id: true, name: true } })).map((e) => [e.id, e.name]));
    let last: { key: Date | number; id: bigint } | null = null;
    for (;;) {
      const page = Prisma.sql`${last ? Prisma.sql`AND (${column}, s.id) ${after} (${last.key}, ${last.id})` : Prisma.empty} ORDER BY ${column} ${direction}, s.id ${direction} LIMIT ${CHUNK}`;
      const rows = await readHistory(this.prisma, historySelect(column, where, page, true), examNames);
      if (rows.length === 0) return;
      const tail = rows[rows.length - 1];
      last = { key: tail.sortKey, id: tail.rawId };
      yield rows.map(({ sortKey: _k, rawId: _r, ...row }) => row);
      if (rows.length < CHUNK) return;
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
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
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
