import { StringDecoder } from 'node:string_decoder';
import { Client, escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { csvCell } from '../../../../contracts/csv';

/**
 * The search history export's rows, streamed by PostgreSQL's COPY (`readHistory`), and what each becomes: the cells of
 * a spreadsheet or a line of CSV (`HistoryNames`). Plain `pg`, no Prisma: the CSV is written by a worker thread that
 * loads this module and nothing heavier.
 */

/** The file's columns. */
export const HISTORY_HEADER = ['N° búsqueda', 'Fecha', 'Sesión', 'Persona', 'Correo', 'Exámenes', 'Comuna', 'Región', 'Comunas cercanas', 'Previsión', 'Cobertura %', 'Resultados', 'Resultado', 'Latencia ms'];

/** A cell of the file, typed as the CSV writer and the spreadsheet take it (text is guarded, numbers are not). */
type Cell = string | number | null;

/** The export's statement, built by the page's filter (`historyWhere`): text and values a thread can receive. */
export interface HistoryStatement {
  text: string;
  values: (string | number | boolean | null)[];
}

/**
 * The columns COPY sends for a row, in this order (`HISTORY_COLUMNS`), each as PostgreSQL's text: no parsing into
 * Dates, bigints or arrays only to turn them back into text.
 */
const enum Field { Id, CreatedAt, Session, PersonId, FirstName, LastName, Email, ExamIds, ComunaId, RegionId, WithNear, InsurerId, Coverage, ResultCount, Outcome, TookMs }

/** What the export's statement selects from `search_history s` (persons joined as `p` and `u`), in `Field`'s order. */
export const HISTORY_COLUMNS = `s.id, s.created_at, s.session, s.person_id, p.first_name, p.last_name, u.email, s.exam_ids, s.comuna_id, s.region_id, s.with_near,
  s.insurer_id, s.filters->>'coveragePercentage', s.result_count, s.outcome, s.took_ms`;

/** A row as COPY's text format writes it: `\N` for NULL, and text escaped (`copyText`). */
export type HistoryFields = string[];

const NULL = '\\N';
const OUTCOME: Record<string, string> = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' };
const UNESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A text column as COPY's text format wrote it: NULL, or the text with its backslash escapes undone. */
export function copyText(field: string): string | null {
  if (field === NULL) return null;
  return field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => UNESCAPED[c] ?? c) : field;
}

/**
 * A `timestamp(3)` (UTC, as the history stores it) as `Date.toISOString()` writes it. PostgreSQL's ISO output
 * drops the fraction's trailing zeros ("05.5", or nothing at a whole second).
 */
function isoInstant(text: string): string {
  const fraction = text.length > 20 ? (text.slice(20, 23) + '00').slice(0, 3) : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/** The coverage the search asked for, as the history page reads it: a finite number or nothing. */
function coverageOf(text: string | null): number | null {
  const coverage = text === null || text === '' ? null : Number(text);
  return Number.isFinite(coverage) ? coverage : null;
}

/** Sorted by name as the page lists a search's exams (ORDER BY name, compared as the C collation does). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Persons' cells kept between rows (a person searches many times); forgotten past this many. */
const CACHED_PERSONS = 20_000;

/**
 * What a row's ids stand for, read in the export's snapshot, and the row as cells (`cells`, for the spreadsheet) or as
 * a CSV line (`csvLine`, the same text `csvLine(cells(row))` writes: the unit spec holds them to it). The line is
 * written straight from the fields, with the names' and persons' cells guarded and quoted once, not once per row; ids
 * and numbers need neither. (Caching the exams' cell too cost more than it saved: most sets of exams are new.)
 */
export class HistoryNames {
  private readonly locationCells: Map<string, string>;
  private readonly insurerCells: Map<string, string>;
  private readonly personCellsById = new Map<string, string>();

  constructor(
    private readonly exams: Map<string, string>,
    private readonly locations: Map<string, string>,
    private readonly insurers: Map<string, string>,
  ) {
    this.locationCells = new Map([...locations].map(([id, name]) => [id, csvCell(name)]));
    this.insurerCells = new Map([...insurers].map(([id, name]) => [id, csvCell(name)]));
  }

  /** A search's exams as `{12,7}`, named and sorted; one or two exams (most searches) without building lists. */
  private examsOf(ids: string): string {
    if (ids === NULL || ids.length <= 2) return '';
    const comma = ids.indexOf(',');
    if (comma === -1) return this.exams.get(ids.slice(1, -1)) ?? '';
    if (ids.indexOf(',', comma + 1) === -1) {
      const a = this.exams.get(ids.slice(1, comma)) ?? '';
      const b = this.exams.get(ids.slice(comma + 1, -1)) ?? '';
      return b < a ? `${b} | ${a}` : `${a} | ${b}`;
    }
    return ids.slice(1, -1).split(',').map((id) => this.exams.get(id) ?? '').sort(byName).join(' | ');
  }

  /** The person's name and e-mail, or nothing for a search without one (a person without an account has no e-mail). */
  private personOf(f: HistoryFields): { fullName: string; email: string } | null {
    if (f[Field.PersonId] === NULL) return null;
    return { fullName: `${copyText(f[Field.FirstName]) ?? ''} ${copyText(f[Field.LastName]) ?? ''}`.trim(), email: copyText(f[Field.Email]) ?? '' };
  }

  cells(f: HistoryFields): Cell[] {
    const person = this.personOf(f);
    const name = (names: Map<string, string>, id: string) => (id === NULL ? null : names.get(id) ?? null);
    return [
      f[Field.Id], isoInstant(f[Field.CreatedAt]), copyText(f[Field.Session]), person?.fullName ?? null, person?.email ?? null, this.examsOf(f[Field.ExamIds]),
      name(this.locations, f[Field.ComunaId]), name(this.locations, f[Field.RegionId]), f[Field.WithNear] === 't' ? 'Sí' : 'No', name(this.insurers, f[Field.InsurerId]),
      coverageOf(copyText(f[Field.Coverage])), Number(f[Field.ResultCount]), OUTCOME[f[Field.Outcome]] ?? null, Number(f[Field.TookMs]),
    ];
  }

  /** `csvLine(this.cells(f))`, from cached cells: ids and numbers need no guard or quotes, names are guarded once. */
  csvLine(f: HistoryFields): string {
    const session = f[Field.Session];
    const cell = (cells: Map<string, string>, id: string) => (id === NULL ? '' : cells.get(id) ?? '');
    return `${f[Field.Id]};${isoInstant(f[Field.CreatedAt])};${session === NULL ? '' : csvCell(session)};${this.personCells(f)};${csvCell(this.examsOf(f[Field.ExamIds]))};${cell(this.locationCells, f[Field.ComunaId])};${cell(this.locationCells, f[Field.RegionId])};${f[Field.WithNear] === 't' ? 'Sí' : 'No'};${cell(this.insurerCells, f[Field.InsurerId])};${csvCell(coverageOf(copyText(f[Field.Coverage])))};${f[Field.ResultCount]};${OUTCOME[f[Field.Outcome]] ?? ''};${f[Field.TookMs]}\r\n`;
  }

  /** The person's two cells (name; e-mail), guarded and quoted once per person: empty for a search without one. */
  private personCells(f: HistoryFields): string {
    const id = f[Field.PersonId];
    if (id === NULL) return ';';
    let cells = this.personCellsById.get(id);
    if (cells === undefined) {
      if (this.personCellsById.size >= CACHED_PERSONS) this.personCellsById.clear();
      const person = this.personOf(f)!;
      this.personCellsById.set(id, (cells = `${csvCell(person.fullName)};${csvCell(person.email)}`));
    }
    return cells;
  }
}

/** The statement with its values written in as literals (text escaped by `pg`, numbers finite): COPY takes no parameters. */
export function inlined(statement: HistoryStatement): string {
  return statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = statement.values[Number(n) - 1];
    if (value === null) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`search history export: value $${n} is not a finite number`);
      return String(value);
    }
    return escapeLiteral(value);
  });
}

/**
 * The history's rows in batches, streamed by one COPY in a read-only repeatable-read transaction on a connection of
 * its own: the file is one consistent snapshot (the names too, read in it), each row is read once, and a long export
 * never holds a connection of the pool that requests need. COPY's text is split here, a batch per piece the socket
 * delivers; reading through a cursor's rows cost twice the CPU (each column a value of the driver's). PostgreSQL
 * writes only as fast as the batches are taken (the socket is paused in between), and leaving the iteration early
 * ends the connection, and with it the transaction and the COPY.
 */
export async function* readHistory(databaseUrl: string, statement: HistoryStatement): AsyncGenerator<{ rows: HistoryFields[]; names: HistoryNames }> {
  // ISO dates whatever the server's default, and no JIT: compiling a plan that streams rows only delays the first.
  const client = new Client({ connectionString: databaseUrl, application_name: 'cotizalab-export', options: '-c jit=off -c datestyle=ISO' });
  // A connection cut under the export fails its next read; this only keeps the error from being unhandled.
  client.on('error', () => undefined);
  await client.connect();
  let copy: ReturnType<typeof copyTo> | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const named = async (table: string) => new Map((await client.query<[string, string]>({ text: `SELECT id::text, name FROM ${table}`, rowMode: 'array' })).rows);
    const names = new HistoryNames(await named('exam'), await named('location'), await named('insurer'));
    copy = client.query(copyTo(`COPY (${inlined(statement)}) TO STDOUT`));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      const rows: HistoryFields[] = [];
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) rows.push(text.slice(start, end).split('\t'));
      rest = text.slice(start);
      if (rows.length > 0) yield { rows, names };
    }
  } finally {
    // Done or cut short, the connection goes, and with it the transaction (read only: nothing to commit) and the COPY.
    // No COMMIT after the last row: pg would queue it behind the COPY's own end, which it still awaits.
    copy?.destroy();
    await client.end().catch(() => undefined);
  }
}
