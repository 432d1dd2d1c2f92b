/**
 * The thread that writes the search history's CSV (see `SearchHistoryExport.csv`): it reads the history's COPY,
 * writes its lines (`HistoryNames.csvLine`, the one CSV writer's text) into a buffer, and hands the full buffer over
 * (transferred, not copied) only when the API asks for the next one, so that one buffer at most waits between the
 * two. A buffer the response is done with comes back with the request and is written again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CSV_BOM, csvLine } from '../../../../contracts/csv';
import { requestsFrom } from '../../../../platform/threads/thread-messages';
import { HISTORY_HEADER, readHistory } from './history-rows';
import type { CsvThreadInput, FromCsvThread, ToCsvThread } from './search-history.export';

const input = workerData as CsvThreadInput;
const port = parentPort!;

const returned: ArrayBuffer[] = [];
/** Resolves when the API asks for the next buffer (keeping the one it gives back). */
const nextRequest = requestsFrom<ToCsvThread>(port, (message) => {
  if (message.reuse) returned.push(message.reuse);
});

/** A buffer to write into: one the response gave back, or a new one. */
const nextBuffer = () => {
  const reused = returned.pop();
  return reused && reused.byteLength >= input.bufferBytes ? Buffer.from(reused) : Buffer.allocUnsafeSlow(input.bufferBytes);
};

let buffer = Buffer.allocUnsafeSlow(input.bufferBytes);
let used = 0;
/** Rows whose lines are in the buffer. */
let rows = 0;

/** Hands the buffer over when asked for, and starts a new one. */
async function send(done: boolean): Promise<void> {
  await nextRequest();
  const message: FromCsvThread = { type: 'bytes', bytes: buffer.buffer as ArrayBuffer, length: used, rows, done };
  port.postMessage(message, [buffer.buffer as ArrayBuffer]);
  buffer = nextBuffer();
  used = 0;
  rows = 0;
}

/** Adds a line to the buffer; a line that might not fit sends the buffer first (a UTF-16 unit is at most 3 bytes). */
async function append(line: string): Promise<void> {
  if (used + line.length * 3 > buffer.length) {
    if (used > 0) await send(false);
    if (line.length * 3 > buffer.length) buffer = Buffer.allocUnsafeSlow(line.length * 3);
  }
  used += buffer.write(line, used);
}

async function main(): Promise<void> {
  try {
    await append(CSV_BOM + csvLine(HISTORY_HEADER));
    for await (const batch of readHistory(input.databaseUrl, input.statement)) {
      for (const row of batch.rows) {
        const line = batch.names.csvLine(row);
        if (used + line.length * 3 > buffer.length) await append(line);
        else used += buffer.write(line, used);
        rows++;
      }
    }
    await send(true);
  } catch (error) {
    const message: FromCsvThread = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
    port.postMessage(message);
  }
}

void main().finally(() => port.close());
