/**
 * The thread that reads an uploaded table (see `readTableInThread`): it opens the file with
 * `openTable` and hands its rows over in batches, one batch per request of the importing side,
 * so that no more than one batch waits between the two.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../platform/http/app-error';
import { requestsFrom } from '../../../platform/threads/thread-messages';
import { openTable, type TableRow } from './table-reader';
import type { FromReader, ReaderInput } from './read-table-in-thread';

const input = workerData as ReaderInput;
const port = parentPort!;
let peakHeapBytes = 0;
const send = (message: FromReader) => {
  peakHeapBytes = Math.max(peakHeapBytes, getHeapStatistics().used_heap_size);
  port.postMessage(message);
};

async function main(): Promise<void> {
  try {
    const table = await openTable(input.path, input.size, { sheet: input.sheet });
    const rows = table.rows[Symbol.asyncIterator]();
    send({ type: 'opened', format: table.format, sheet: table.sheet, header: table.header, peakHeapBytes });
    for (;;) {
      await nextRequest();
      const batch: TableRow[] = [];
      let done = false;
      while (batch.length < input.batchRows) {
        const next = await rows.next();
        if (next.done) {
          done = true;
          break;
        }
        batch.push(next.value);
      }
      send({ type: 'rows', rows: batch, done, peakHeapBytes });
      if (done) return;
    }
  } catch (error) {
    send({ type: 'failed', error: error instanceof AppError ? { status: error.status, error: error.error, message: error.message, errors: error.errors } : null, peakHeapBytes });
  }
}

/** Resolves when the importing side asks for the next batch. */
const nextRequest = requestsFrom(port);

void main().finally(() => port.close());
