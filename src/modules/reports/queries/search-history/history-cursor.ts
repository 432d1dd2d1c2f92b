import { Client } from 'pg';

/**
 * The search history export's rows, read from a server-side cursor (`readHistoryCells`). Plain `pg`, no
 * Prisma: the CSV is written by a worker thread that loads this module and nothing heavier.
 */

/** The file's columns. */
export const HISTORY_HEADER = ['N° búsqueda', 'Fecha', 'Sesión', 'Persona', 'Correo', 'Exámenes', 'Comuna', 'Región', 'Comunas cercanas', 'Previsión', 'Cobertura %', 'Resultados', 'Resultado', 'Latencia ms'];

/** A cell of the file, typed as the CSV writer and the spreadsheet take it (text is guarded, numbers are not). */
export type Cell = string | number | null;

/** The export's statement, built by the page's filter (`historyWhere`): text and values a thread can receive. */
export interface HistoryStatement {
  text: string;
  values: (string | number | boolean | null)[];
}

/** Rows of the cursor and their cells, turned into cells only as they are iterated. */
export interface HistoryChunk {
  count: number;
  cells: Iterable<Cell[]>;
}

const OUTCOME: Record<string, string> = { NONE: 'Sin resultados', INCOMPLETE: 'Incompleta', COMPLETE: 'Completa' };

/** Persons' names kept between chunks (a person searches many times); forgotten past this many. */
const PERSON_CACHE = 20_000;

/**
 * A row as the export's connection reads it: every column as PostgreSQL's text (no parsing into Dates,
 * bigints or arrays only to turn them back into text), the names left to maps.
 */
type TextRow = [id: string, createdAt: string, session: string | null, personId: string | null, examIds: string | null, comunaId: string | null, regionId: string | null,
  withNear: string, insurerId: string | null, coverage: string | null, resultCount: string, outcome: string, tookMs: string];

/** Every value as the text PostgreSQL sent. */
const asText = { getTypeParser: () => (value: string) => value };

/**
 * A `timestamp(3)` (UTC, as the history stores it) as `Date.toISOString()` writes it. PostgreSQL's ISO output
 * drops the fraction's trailing zeros ("05.5", or nothing at a whole second).
 */
export function isoInstant(text: string): string {
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

/**
 * The history's rows chunk by chunk from one server-side cursor, in a read-only repeatable-read transaction
 * on a connection of its own: the file is one consistent snapshot (the names too, read in it), each row is
 * read once, and a long export never holds a connection of the pool that requests need. The cursor reads
 * `search_history` alone: comunas, regions, insurers and exams are named from maps read at the start,
 * persons chunk by chunk (a join per row was most of the database's time). The next chunk is asked for
 * before this one is handed over, so the database reads it meanwhile: two chunks at most are held.
 * Leaving the iteration early ends the connection, and with it the transaction and the query.
 */
export async function* readHistoryCells(databaseUrl: string, statement: HistoryStatement, chunkRows: number): AsyncGenerator<HistoryChunk> {
  // ISO dates whatever the server's default, and no JIT: compiling a plan that streams rows one chunk at a time only delays the first.
  const client = new Client({ connectionString: databaseUrl, application_name: 'cotizalab-export', types: asText, options: '-c jit=off -c datestyle=ISO' });
  // A connection cut under the export fails its next query; this only keeps the error from being unhandled.
  client.on('error', () => undefined);
  await client.connect();
  let pending: Promise<{ rows: TextRow[] }> | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const names = async (sql: string) => new Map((await client.query<[string, string]>({ text: sql, rowMode: 'array' })).rows);
    const exams = await names('SELECT id, name FROM exam');
    const locations = await names('SELECT id, name FROM location');
    const insurers = await names('SELECT id, name FROM insurer');
    const persons = new Map<string, { fullName: string; email: string }>();
    // A search's exams as `{12,7}`, named and sorted; one or two exams (most searches) without building lists.
    const examsOf = (ids: string | null) => {
      if (ids === null || ids.length <= 2) return '';
      const comma = ids.indexOf(',');
      if (comma === -1) return exams.get(ids.slice(1, -1)) ?? '';
      if (ids.indexOf(',', comma + 1) === -1) {
        const a = exams.get(ids.slice(1, comma)) ?? '';
        const b = exams.get(ids.slice(comma + 1, -1)) ?? '';
        return b < a ? `${b} | ${a}` : `${a} | ${b}`;
      }
      return ids.slice(1, -1).split(',').map((id) => exams.get(id) ?? '').sort(byName).join(' | ');
    };
    const cellsOf = (r: TextRow): Cell[] => {
      const person = r[3] === null ? null : persons.get(r[3]) ?? { fullName: '', email: '' };
      return [
        r[0], isoInstant(r[1]), r[2], person?.fullName ?? null, person?.email ?? null, examsOf(r[4]),
        r[5] === null ? null : locations.get(r[5]) ?? null, r[6] === null ? null : locations.get(r[6]) ?? null,
        r[7] === 't' ? 'Sí' : 'No', r[8] === null ? null : insurers.get(r[8]) ?? null, coverageOf(r[9]), Number(r[10]), OUTCOME[r[11]] ?? null, Number(r[12]),
      ];
    };

    await client.query({ text: `DECLARE history_export NO SCROLL CURSOR FOR ${statement.text}`, values: statement.values });
    const fetch = () => client.query<TextRow>({ text: `FETCH ${chunkRows} FROM history_export`, rowMode: 'array' });
    let next = (pending = fetch());
    for (;;) {
      const { rows } = await next;
      pending = undefined;
      if (rows.length === 0) break;
      let unknown = [...new Set(rows.flatMap((r) => (r[3] !== null && !persons.has(r[3]) ? [r[3]] : [])))];
      if (unknown.length > 0 && persons.size + unknown.length > PERSON_CACHE) {
        persons.clear();
        unknown = [...new Set(rows.flatMap((r) => (r[3] === null ? [] : [r[3]])))];
      }
      if (unknown.length > 0) {
        const found = await client.query<[string, string | null, string | null, string | null]>({
          text: 'SELECT p.id, p.first_name, p.last_name, u.email FROM person p LEFT JOIN app_user u ON u.person_id = p.id WHERE p.id = ANY($1::int[])',
          values: [unknown],
          rowMode: 'array',
        });
        for (const [id, first, last, email] of found.rows) persons.set(id, { fullName: `${first ?? ''} ${last ?? ''}`.trim(), email: email ?? '' });
      }
      const more = rows.length === chunkRows;
      if (more) next = pending = fetch();
      // Each row becomes cells only when iterated: its intermediate values die at once rather than living as
      // long as the chunk (what outlives the garbage collector's young-generation passes is promoted).
      yield {
        count: rows.length,
        cells: (function* () {
          for (const row of rows) yield cellsOf(row);
        })(),
      };
      if (!more) break;
    }
    await client.query('COMMIT');
  } finally {
    // A download cut short leaves the generator here too: the connection (its transaction and its query) goes with it.
    pending?.catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
