import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { Prisma } from '../../../../generated/prisma/client';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { startThread } from '../../../../platform/threads/start-thread';
import { ThreadInbox } from '../../../../platform/threads/thread-messages';
import { HISTORY_COLUMNS, type HistoryStatement } from './history-rows';
import { historyOrder, historyWhere, type HistoryFilter } from './search-history.query';

/**
 * The file thread's limits. Its own small heap is what keeps the API's memory flat: formatting a million
 * rows allocates about a gigabyte of short-lived values, and on the API's heap that grew the young
 * generation to its largest and promoted enough to add 150 MB or more to the process (measured, issue 32).
 * Measured at a million rows: the thread's heap stays under 25 MB; a young generation under 16 MB made the
 * collector copy each chunk again and again (a fifth of the thread's time at 8 MB).
 */
const FILE_THREAD = { oldGenerationMb: 32, youngGenerationMb: 16, bufferBytes: 256 * 1024 } as const;

/** The most rows under a header that Excel opens in one sheet (1,048,576 rows in all): the rest go on the next sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

const FILE_THREAD_MODULE = `${__dirname}/search-history-file.worker${__filename.slice(__filename.lastIndexOf('.'))}`;

export type HistoryFileFormat = 'csv' | 'xlsx';

/** What the file thread is given. */
export interface FileThreadInput {
  databaseUrl: string;
  statement: HistoryStatement;
  format: HistoryFileFormat;
  bufferBytes: number;
  rowsPerSheet: number;
}

/** Asks the file thread for its next buffer, giving back one the response is done with. */
export interface ToFileThread {
  reuse?: ArrayBuffer;
}

/** The file thread's messages: bytes of the file (rows completed with them, the last one `done`), or its failure. */
export type FromFileThread = { type: 'bytes'; bytes: ArrayBuffer; length: number; rows: number; done: boolean } | { type: 'failed'; message: string };

/** Thrown into the export when the response is gone (the client disconnected): the query stops with it. */
export class ExportCut extends Error {
  constructor() {
    super('search history export: the response was closed');
  }
}

/**
 * Writes to a response honouring back-pressure: a write that fills its buffer waits for `drain`. One listener
 * of each kind for the whole export (compression hands `drain` listeners to its zlib stream and could not
 * remove one added per wait), and a closed response ends the wait with `ExportCut`.
 */
class Sink {
  closed = false;
  private wake?: () => void;

  constructor(private readonly out: Writable) {
    out.on('drain', () => this.resume());
    out.on('close', () => {
      this.closed = true;
      this.resume();
    });
  }

  /**
   * Answers whether the response drained after this write: everything written so far has then been taken (by the
   * socket, or by compression's zlib stream, whose writes are done only once their input is deflated), and the
   * bytes may be written over.
   */
  async write(bytes: Buffer): Promise<boolean> {
    if (this.closed || this.out.destroyed) throw new ExportCut();
    if (this.out.write(bytes)) return false;
    await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.closed) throw new ExportCut();
    return true;
  }

  private resume(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/**
 * The filtered search history as a file, in the page's order, streamed from one COPY (`readHistory`) as the client
 * takes it. The file is written in a thread of its own, buffer by buffer, each asked for only once the previous one is
 * in the response's buffer: back-pressure reaches PostgreSQL, the API's event loop stays free for other requests, and
 * a response that closes stops the thread, whose connection ends the COPY.
 */
@Injectable()
export class SearchHistoryExport {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The export's statement: the page's filter and order, `search_history` with its persons joined (COPY's connection
   * can run no other query meanwhile); the exams, comunas, regions and insurers are named from maps.
   */
  statement(filter: HistoryFilter): HistoryStatement {
    const { column, desc } = historyOrder(filter);
    const direction = Prisma.raw(desc ? 'DESC' : 'ASC');
    const select = Prisma.sql`
      SELECT ${Prisma.raw(HISTORY_COLUMNS)}
      FROM search_history s LEFT JOIN person p ON p.id = s.person_id LEFT JOIN app_user u ON u.person_id = s.person_id
      WHERE ${historyWhere(filter)} ORDER BY ${column} ${direction}, s.id ${direction}`;
    // Instants as UTC text (`timestamp` columns hold UTC, whatever the time zone of this process), ids as text.
    const values = select.values.map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : (v as string | number | boolean | null)));
    return { text: select.text, values };
  }

  /**
   * Writes the file to `out`, honouring back-pressure, and returns the rows written: CSV (`;`, BOM, Excel-safe cells)
   * or XLSX (one sheet per `rowsPerSheet` rows, Excel's most by default).
   */
  async write(filter: HistoryFilter, format: HistoryFileFormat, out: Writable, rowsPerSheet = XLSX_ROWS_PER_SHEET): Promise<number> {
    const sink = new Sink(out);
    const input: FileThreadInput = { databaseUrl: this.prisma.databaseUrl, statement: this.statement(filter), format, bufferBytes: FILE_THREAD.bufferBytes, rowsPerSheet };
    const thread = startThread(FILE_THREAD_MODULE, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: FILE_THREAD.oldGenerationMb, maxYoungGenerationSizeMb: FILE_THREAD.youngGenerationMb } });
    const inbox = new ThreadInbox<FromFileThread>(thread, {
      failed: (message) => (message.type === 'failed' ? new Error(`search history export: ${message.message}`) : undefined),
      crashed: (error) => error,
      exited: () => new Error('search history export: the thread stopped'),
    });
    let count = 0;
    // A buffer the response has taken goes back to the thread: two buffers go round instead of a new one per
    // chunk, whose dead copies this thread's garbage collector, with little else to do here, would let pile up.
    let reuse: ArrayBuffer | undefined;
    try {
      for (;;) {
        const ask: ToFileThread = { reuse };
        thread.postMessage(ask, reuse ? [reuse] : []);
        reuse = undefined;
        const message = await inbox.next();
        if (message.type !== 'bytes') throw new Error(`search history export: the thread answered ${message.type}`);
        count += message.rows;
        if (message.length > 0 && (await sink.write(Buffer.from(message.bytes, 0, message.length)))) reuse = message.bytes;
        if (message.done) break;
      }
      out.end();
      return count;
    } finally {
      // Done, failed or cut short: the thread goes, and its connection to the database with it.
      await inbox.close();
    }
  }
}
