import { AppError, type FieldErrors } from '../../../platform/http/app-error';
import { startThread } from '../../../platform/threads/start-thread';
import { ThreadInbox } from '../../../platform/threads/thread-messages';
import { UnreadableFileError } from '../imports.errors';
import type { OpenedTable, TableFormat, TableRow } from './table-reader';

/**
 * What reading one uploaded file may take. The file is read in a thread of its own whose V8 heap is
 * capped, so a file that would need more (whatever passed the zip and CSV checks) stops that thread
 * with a clear error, never the process that serves everyone else; and the thread is stopped when the
 * reading takes longer than `timeMs`. Measured: a 200,000-row price list peaks at about 30 MB of heap
 * in the thread as CSV and 60 MB as XLSX (whose shared strings, 200,000 distinct exam names, are held).
 */
export const READER_LIMITS = {
  /** The thread's old generation; its young generation is capped at 16 MB. */
  heapMb: 96,
  /** From the start of the reading to its last row, the checks of the rows included. */
  timeMs: 5 * 60_000,
  /** Rows per hand-over: one batch waits at most. */
  batchRows: 1000,
} as const;

export interface ReaderInput {
  path: string;
  size: number;
  sheet?: string;
  batchRows: number;
}

interface WireError {
  status: number;
  error: string;
  message: string;
  errors?: FieldErrors;
}

/** The thread's messages; each says the most heap it has used so far. */
export type FromReader =
  | { type: 'opened'; format: TableFormat; sheet: string | null; header: string[]; peakHeapBytes: number }
  | { type: 'rows'; rows: TableRow[]; done: boolean; peakHeapBytes: number }
  | { type: 'failed'; error: WireError | null; peakHeapBytes: number };

export interface TableInThread extends OpenedTable {
  /** The most heap the reading thread had in use at its last hand-over. */
  peakHeapBytes(): number;
  /** Stops the thread (whether or not the rows were read): the caller's `finally`. */
  close(): Promise<void>;
}

const THREAD_FILE = `${__dirname}/table-reader.worker${__filename.slice(__filename.lastIndexOf('.'))}`;

const tooComplex = () =>
  new UnreadableFileError('IMPORT.FILE_TOO_COMPLEX', `Leer este archivo necesita más memoria de la que damos a uno (${READER_LIMITS.heapMb} MB). Guárdalo de nuevo con solo la hoja de precios, o divídelo en partes.`);
const tooSlow = () =>
  new UnreadableFileError('IMPORT.READ_TIMEOUT', `Revisar este archivo tomó más de ${READER_LIMITS.timeMs / 60_000} minutos. Divídelo en partes más pequeñas y súbelas por separado.`);
const unreadable = () => new UnreadableFileError('IMPORT.UNREADABLE_FILE', 'No pudimos leer el archivo; guárdalo de nuevo como CSV o como libro de Excel (.xlsx).');

/**
 * `openTable` in a worker thread under READER_LIMITS: the same header and rows, handed over a batch at
 * a time as they are asked for. Leaving the rows early (or an error) stops the thread.
 */
export async function readTableInThread(path: string, size: number, options: { sheet?: string } = {}, limits: { heapMb: number; timeMs: number; batchRows: number } = READER_LIMITS): Promise<TableInThread> {
  const input: ReaderInput = { path, size, sheet: options.sheet, batchRows: limits.batchRows };
  const thread = startThread(THREAD_FILE, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 } });
  const inbox = new ThreadInbox<FromReader>(
    thread,
    {
      failed: (message) => (message.type !== 'failed' ? undefined : message.error ? new AppError(message.error.status, message.error.error, message.error.message, message.error.errors) : unreadable()),
      crashed: (error) => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : unreadable()),
      exited: unreadable,
    },
    { ms: limits.timeMs, error: tooSlow },
  );
  try {
    const opened = await inbox.next();
    if (opened.type !== 'opened') throw new Error(`the reading thread answered ${opened.type} first`);
    let peak = opened.peakHeapBytes;
    async function* rows(): AsyncGenerator<TableRow> {
      try {
        for (;;) {
          thread.postMessage('next');
          const batch = await inbox.next();
          peak = batch.peakHeapBytes;
          if (batch.type !== 'rows') throw new Error(`the reading thread answered ${batch.type}`);
          yield* batch.rows;
          if (batch.done) return;
        }
      } finally {
        await inbox.close();
      }
    }
    return { format: opened.format, sheet: opened.sheet, header: opened.header, rows: rows(), peakHeapBytes: () => peak, close: () => inbox.close() };
  } catch (error) {
    await inbox.close();
    throw error;
  }
}
