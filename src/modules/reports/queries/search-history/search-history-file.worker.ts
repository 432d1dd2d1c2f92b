/**
 * The thread that writes the search history's file (see `SearchHistoryExport.write`): it reads the history's COPY,
 * writes the file (CSV lines, `HistoryNames.csvLine`; or an XLSX workbook, exceljs's streaming writer, from the same
 * rows' cells) into a buffer, and hands the full buffer over (transferred, not copied) only when the API asks for the
 * next one, so that one buffer at most waits between the two. A buffer the response is done with comes back with the
 * request and is written again. The API's event loop formats nothing: a million rows of XLSX are about 35 s of CPU.
 */
import type ExcelJSModule from 'exceljs';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { CSV_BOM, csvLine } from '../../../../contracts/csv';
import { requestsFrom } from '../../../../platform/threads/thread-messages';
import { HISTORY_HEADER, readHistory } from './history-rows';
import type { FileThreadInput, FromFileThread, ToFileThread } from './search-history.export';

const input = workerData as FileThreadInput;
const port = parentPort!;

const returned: ArrayBuffer[] = [];
/** Resolves when the API asks for the next buffer (keeping the one it gives back). */
const nextRequest = requestsFrom<ToFileThread>(port, (message) => {
  if (message.reuse) returned.push(message.reuse);
});

/** A buffer to write into: one the response gave back, or a new one. */
const nextBuffer = () => {
  const reused = returned.pop();
  return reused && reused.byteLength >= input.bufferBytes ? Buffer.from(reused) : Buffer.allocUnsafeSlow(input.bufferBytes);
};

let buffer = Buffer.allocUnsafeSlow(input.bufferBytes);
let used = 0;
/** Rows whose lines (or cells) are in the file so far and not yet counted in a buffer handed over. */
let rows = 0;

/** Hands the buffer over when asked for, and starts a new one. */
async function send(done: boolean): Promise<void> {
  await nextRequest();
  const message: FromFileThread = { type: 'bytes', bytes: buffer.buffer as ArrayBuffer, length: used, rows, done };
  port.postMessage(message, [buffer.buffer as ArrayBuffer]);
  buffer = nextBuffer();
  used = 0;
  rows = 0;
}

/**
 * Adds text or bytes to the buffer; what might not fit sends the buffer first (a UTF-16 unit of text is at most 3
 * bytes), and what is larger than a buffer gets one of its own.
 */
async function append(piece: string | Buffer): Promise<void> {
  const most = typeof piece === 'string' ? piece.length * 3 : piece.length;
  if (used + most > buffer.length) {
    if (used > 0) await send(false);
    if (most > buffer.length) buffer = Buffer.allocUnsafeSlow(most);
  }
  used += typeof piece === 'string' ? buffer.write(piece, used) : piece.copy(buffer, used);
}

async function writeCsv(): Promise<void> {
  await append(CSV_BOM + csvLine(HISTORY_HEADER));
  for await (const batch of readHistory(input.databaseUrl, input.statement)) {
    for (const row of batch.rows) {
      const line = batch.names.csvLine(row);
      if (used + line.length * 3 > buffer.length) await append(line);
      else used += buffer.write(line, used);
      rows++;
    }
  }
}

/**
 * The XML of a sheet's rows not yet deflated into the zip. exceljs's streaming writer hands a sheet's rows to its zip
 * entry without waiting for the deflate (its buffers, then the entry's stream), so nothing else would slow the rows
 * down to the zip's pace: at 370,000 rows the API's memory grew by 220 MB. Read from exceljs's own buffers (64 kB
 * each, kept until the zip takes the sheet) and the entry's stream queue.
 */
function zipBacklog(sheet: ExcelJSModule.Worksheet): number {
  const stream = (sheet as unknown as { stream: { buffers: unknown[]; pipes: { _writableState?: { length: number } }[] } }).stream;
  return stream.buffers.length * 65_536 + stream.pipes.reduce((bytes, pipe) => bytes + (pipe._writableState?.length ?? 0), 0);
}

/** How much of a sheet's XML may wait for the deflate before the rows wait for it. */
const ZIP_BACKLOG_BYTES = 1 << 20;

/**
 * The workbook, one sheet after another of `rowsPerSheet` rows under the header (Excel opens at most 1,048,576 rows a
 * sheet): "Búsquedas", "Búsquedas 2"... The zip's bytes go to the buffer as exceljs writes them, its next write waiting
 * while the API has not asked for the full buffer: that wait reaches the rows, and the COPY.
 */
async function writeXlsx(): Promise<void> {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      append(chunk).then(() => done(), done);
    },
  });
  const ExcelJS = require('exceljs') as typeof ExcelJSModule;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const newSheet = (n: number) => {
    const sheet = workbook.addWorksheet(n === 1 ? 'Búsquedas' : `Búsquedas ${n}`);
    sheet.addRow(HISTORY_HEADER).commit();
    return sheet;
  };
  let sheets = 1;
  let sheet = newSheet(sheets);
  let inSheet = 0;
  for await (const batch of readHistory(input.databaseUrl, input.statement)) {
    for (const row of batch.rows) {
      if (inSheet === input.rowsPerSheet) {
        sheet.commit();
        sheet = newSheet(++sheets);
        inSheet = 0;
      }
      sheet.addRow(batch.names.cells(row)).commit();
      inSheet++;
      rows++;
    }
    while (zipBacklog(sheet) > ZIP_BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  sheet.commit();
  // Resolves once the zip is finished and every byte of it went through `out`.
  await workbook.commit();
}

async function main(): Promise<void> {
  try {
    await (input.format === 'csv' ? writeCsv() : writeXlsx());
    await send(true);
  } catch (error) {
    const message: FromFileThread = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
    port.postMessage(message);
  }
}

void main().finally(() => port.close());
