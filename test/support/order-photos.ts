/**
 * Pictures of a printed medical order for the "Foto de la orden" tests and bench, made with sharp
 * alone (no files, no network): `renderOrder` draws the sheet as a clean PNG from an SVG, and
 * `asPhonePhoto` turns that sheet into what a phone camera hands over: a 3000×4000 JPEG at quality
 * 60 with the sheet turned a few degrees on a darker table, a shadow falling across it and a slight
 * blur. Text is drawn with DejaVu Sans (Debian's fonts-dejavu-core, present on these machines).
 *
 * Plain TypeScript (erasable syntax only), so both jest and `node bench/*.mts` load it.
 */
import sharp from 'sharp';

export interface PrintedOrder {
  /** Heading of the sheet, e.g. "ORDEN DE EXÁMENES". */
  title: string;
  /** e.g. "Paciente: María José Soto Pérez   RUT: 12.345.678-5". */
  patient: string;
  /** The exams, one per line, as the order prints them. */
  lines: string[];
  /** Lines under the patient's (date, diagnosis...): printed in the same small type. */
  details?: string[];
}

/** A sheet 1240 px wide: an A4 page at 150 dpi, as a printer and a scanner would see it. */
const PAGE_WIDTH = 1240;
const PAGE_HEIGHT = 1754;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The order as a clean, upright PNG: 1240×1754, white paper, black DejaVu Sans, exams at `points` (default 12 pt). */
export async function renderOrder(order: PrintedOrder, points = 12): Promise<Buffer> {
  // 150 dpi: a point is 150/72 px. The heading is 1.5 times the exams' size, the patient's lines 0.9.
  const px = (pt: number) => Math.round((pt * 150) / 72);
  const body = px(points);
  const text: string[] = [];
  let y = 150;
  text.push(`<text x="620" y="${y}" text-anchor="middle" font-size="${px(points * 1.5)}" font-weight="bold">${escapeXml(order.title)}</text>`);
  y += body * 1.6;
  text.push(`<line x1="120" y1="${y}" x2="1120" y2="${y}" stroke="#000" stroke-width="3"/>`);
  y += body * 2.5;
  for (const line of [order.patient, ...(order.details ?? [])]) {
    text.push(`<text x="120" y="${y}" font-size="${px(points * 0.9)}">${escapeXml(line)}</text>`);
    y += body * 1.6;
  }
  y += body * 1.2;
  text.push(`<text x="120" y="${y}" font-size="${body}" font-weight="bold">Exámenes solicitados:</text>`);
  y += body * 2.2;
  for (const line of order.lines) {
    text.push(`<text x="160" y="${y}" font-size="${body}">${escapeXml(line)}</text>`);
    y += body * 1.9;
  }
  y = Math.max(y + 120, PAGE_HEIGHT - 220);
  text.push(`<line x1="760" y1="${y}" x2="1120" y2="${y}" stroke="#000" stroke-width="2"/>`);
  text.push(`<text x="940" y="${y + 40}" text-anchor="middle" font-size="${px(points * 0.8)}">Firma y timbre del médico</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <g font-family="DejaVu Sans" fill="#111111">${text.join('\n')}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface PhonePhotoOptions {
  /** Degrees the sheet is turned (default 3; negative turns it the other way). */
  degrees?: number;
  /** Gaussian blur sigma at the photo's scale (default 1.6: a slightly soft focus). */
  blur?: number;
  /** JPEG quality (default 60). */
  quality?: number;
  /** How dark the shadow gets at its darkest corner, 0–1 (default 0.45). */
  shadow?: number;
  /** Width of the sheet as a share of the frame's (default 0.8; 0.5 is a photo taken from farther away). */
  sheet?: number;
  /** Contrast of the print, 0–1 (default 1; 0.5 is a faded print or a tired toner). */
  contrast?: number;
}

/** The phone camera's frame: 12 megapixels, portrait. */
const PHOTO_WIDTH = 3000;
const PHOTO_HEIGHT = 4000;

/**
 * The sheet as a phone photo of it: scaled to fill about four fifths of a 3000×4000 frame, turned
 * a few degrees on a brown-grey table, a shadow darkening it from one corner (a hand or the phone
 * over the page), slightly blurred, JPEG at quality 60 with no EXIF orientation.
 */
export async function asPhonePhoto(png: Buffer, options: PhonePhotoOptions = {}): Promise<Buffer> {
  const { degrees = 3, blur = 1.6, quality = 60, shadow = 0.45, sheet: share = 0.8, contrast = 1 } = options;
  const sheetWidth = Math.round(PHOTO_WIDTH * share);
  // The paper is a warm off-white under indoor light, not pure white.
  const sheet = await sharp(png)
    .resize({ width: sheetWidth })
    .flatten({ background: '#ffffff' })
    // A faded print: ink lightened towards the paper (255 stays 255).
    .linear(contrast, 255 * (1 - contrast))
    .linear([0.93, 0.91, 0.86], [4, 4, 6])
    .toBuffer();
  const turned = await sharp(sheet).rotate(degrees, { background: '#6f665c' }).toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  const left = Math.round((PHOTO_WIDTH - width) / 2);
  const top = Math.round((PHOTO_HEIGHT - height) / 2);
  const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="${(shadow * 0.15).toFixed(3)}"/>
      <stop offset="1" stop-color="#000" stop-opacity="${shadow.toFixed(3)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
  </svg>`;
  const framed = await sharp({ create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#6f665c' } })
    .composite([
      // A crop keeps the turned sheet inside the frame when it is larger than the frame allows.
      { input: await sharp(turned.data).extract(cropInside(left, top, width, height)).toBuffer(), left: Math.max(0, left), top: Math.max(0, top) },
      { input: Buffer.from(shade), blend: 'over' },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(framed.data, { raw: framed.info })
    .blur(blur)
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

function cropInside(left: number, top: number, width: number, height: number) {
  const x = Math.max(0, -left);
  const y = Math.max(0, -top);
  return { left: x, top: y, width: Math.min(width - x, PHOTO_WIDTH), height: Math.min(height - y, PHOTO_HEIGHT) };
}

/**
 * A PNG a few hundred bytes long that declares 100,000×100,000 pixels (10 gigapixels): what a
 * decompression bomb looks like to a decoder that trusts the header. Its pixel data is one empty
 * deflate stream, so only the header is believable.
 */
export function decompressionBombPng(width = 100_000, height = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // compression, filter and interlace methods stay 0
  const emptyDeflate = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', emptyDeflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Accent-, case- and space-blind: "Proteína  C reactiva" = "proteina c reactiva". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * Which of the printed lines the OCR text has, each as a line of its own: compared accent-, case- and
 * space-blind, after any leading bullet or punctuation, allowing one wrong, missing or extra character
 * in lines shorter than 8 letters and two in longer ones.
 */
export function linesFound(printed: string[], text: string): { found: string[]; missed: string[] } {
  const read = text.split('\n').map((line) => fold(line).replace(/^[^\p{L}\p{N}]+/u, '')).filter((line) => line !== '');
  const found: string[] = [];
  const missed: string[] = [];
  for (const line of printed) {
    const wanted = fold(line);
    const allowed = wanted.length >= 8 ? 2 : 1;
    (read.some((candidate) => editDistance(wanted, candidate) <= allowed) ? found : missed).push(line);
  }
  return { found, missed };
}
