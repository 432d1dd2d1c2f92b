import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { UnreadableFileError } from '../imports.errors';

/**
 * What an .xlsx of prices may hold once unzipped. A spreadsheet is a zip of XML: a file of 100 kB can
 * unzip to gigabytes (one 100 MB shared string, twenty million empty rows), and an XML DOCTYPE can
 * declare entities that expand without end. A price list of 200,000 rows is a few tens of MB of XML.
 */
export const XLSX_LIMITS = {
  entries: 300,
  sheets: 30,
  /** All the parts together, unzipped. */
  totalBytes: 200 * 1024 * 1024,
  sharedStringsBytes: 40 * 1024 * 1024,
  sheetBytes: 150 * 1024 * 1024,
  /** Row elements of one sheet, empty ones included (twice the rows an import takes). */
  rowElements: 400_000,
  /** One cell's text: Excel's own limit. */
  cellChars: 32_767,
} as const;

const refuse = (detail: string) => new UnreadableFileError('IMPORT.XLSX_TOO_COMPLEX', `El libro de Excel no se puede importar: ${detail} Guárdalo de nuevo como .xlsx con solo la hoja de precios, o como CSV.`);

const ROW_TAG = /<row[\s>/]/g;
const isSheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const isSharedStrings = (name: string) => /^xl\/sharedStrings\.xml$/i.test(name);
/** The parts the import reads (and so must be safe to parse). */
const isRead = (name: string) => isSheet(name) || isSharedStrings(name) || /^xl\/workbook\.xml$/i.test(name);

/**
 * Refuses, before the spreadsheet reader sees it, an .xlsx whose parts unzip beyond XLSX_LIMITS or
 * declare a DOCTYPE. The sizes are counted while unzipping (yauzl also refuses an entry longer than
 * it declares), so a zip that lies about them is stopped at the limit; memory stays at one chunk.
 */
export async function inspectXlsx(path: string): Promise<void> {
  let zip: ZipFile | undefined;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) => openZip(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, opened) => (err ? reject(err) : resolve(opened!))));
    await walk(zip);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError('IMPORT.UNREADABLE_FILE', 'No pudimos leer el libro de Excel; guárdalo de nuevo como .xlsx o como CSV.');
  } finally {
    zip?.close();
  }
}

function walk(zip: ZipFile): Promise<void> {
  return new Promise((resolve, reject) => {
    let entries = 0;
    let sheets = 0;
    let total = 0;
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (++entries > XLSX_LIMITS.entries) return reject(refuse(`tiene más de ${XLSX_LIMITS.entries} partes.`));
      if (isSheet(name) && ++sheets > XLSX_LIMITS.sheets) return reject(refuse(`tiene más de ${XLSX_LIMITS.sheets} hojas.`));
      total += entry.uncompressedSize;
      if (total > XLSX_LIMITS.totalBytes) return reject(refuse('descomprimido ocupa más de 200 MB.'));
      if (isSharedStrings(name) && entry.uncompressedSize > XLSX_LIMITS.sharedStringsBytes) return reject(refuse('sus textos ocupan más de 40 MB.'));
      if (isSheet(name) && entry.uncompressedSize > XLSX_LIMITS.sheetBytes) return reject(refuse('una hoja ocupa más de 150 MB.'));
      if (!isRead(name)) return zip.readEntry();
      scan(zip, entry).then(() => zip.readEntry(), reject);
    });
    zip.readEntry();
  });
}

/** Reads one part as it unzips: no DOCTYPE, no row count or cell text beyond the limits. */
function scan(zip: ZipFile, entry: Entry): Promise<void> {
  const sheet = isSheet(entry.fileName);
  const limit = sheet ? XLSX_LIMITS.sheetBytes : XLSX_LIMITS.sharedStringsBytes;
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      let read = 0;
      let rows = 0;
      // The tail of the previous chunk, so that a tag cut between chunks is still seen.
      let carry = '';
      // Characters since the last tag: the length of the text being read.
      let run = 0;
      const fail = (error: Error) => {
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > limit) return fail(refuse(sheet ? 'una hoja ocupa más de 150 MB.' : 'sus textos ocupan más de 40 MB.'));
        const text = carry + chunk.toString('latin1');
        if (/<!DOCTYPE|<!ENTITY/i.test(text)) return fail(refuse('declara un DOCTYPE, que no usamos.'));
        if (sheet) {
          // A tag cut between chunks is whole in carry + chunk; one wholly inside carry was counted before.
          for (const match of text.matchAll(ROW_TAG)) if (match.index + match[0].length > carry.length) rows++;
          if (rows > XLSX_LIMITS.rowElements) return fail(refuse(`una hoja tiene más de ${XLSX_LIMITS.rowElements.toLocaleString('es-CL')} filas.`));
        }
        // Bytes between two tags (up to 4 per character in UTF-8): a text longer than any cell may be.
        for (let at = 0; at < chunk.length; ) {
          const tag = chunk.indexOf(0x3c /* < */, at);
          run += (tag < 0 ? chunk.length : tag) - at;
          if (run > XLSX_LIMITS.cellChars * 4) return fail(refuse(`una celda tiene más de ${XLSX_LIMITS.cellChars.toLocaleString('es-CL')} caracteres.`));
          if (tag < 0) break;
          run = 0;
          at = tag + 1;
        }
        carry = text.slice(-16);
      });
      stream.on('error', (error) => reject(error));
      stream.on('end', () => resolve());
    });
  });
}
