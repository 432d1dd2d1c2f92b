import type PDFKitDocument from 'pdfkit';
import type { OpeningHours } from '../../contracts/laboratories';
import { longChileDate } from '../chile/calendar';

/** The brand's colour on paper. */
export const PDF_PRIMARY = '#0a8fa1';
const DAYS = ['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo', 'Festivos'];

/** An A4 document of CotizaLab and the promise of its bytes once `doc.end()` is called. */
export function newPdf(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  // Required on the first PDF, not at start: most processes never write one (pdfkit and its fonts, about 10 MB of heap).
  const PDFDocument = require('pdfkit') as typeof PDFKitDocument;
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title, Subject: `CotizaLab ${title}`, Author: 'CotizaLab' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A section's title in the brand's colour, the text after it back in black. */
export function pdfSection(doc: PDFKit.PDFDocument, title: string) {
  doc.moveDown(0.8).fillColor(PDF_PRIMARY).font('Helvetica-Bold').fontSize(12).text(title).fillColor('#111').font('Helvetica').fontSize(11);
}

/** Opening hours as lines people read: "Lunes: 08:00–13:00, 15:00–18:00". */
export function openingHoursLines(hours: OpeningHours[]): string[] {
  const byDay = new Map<number, string[]>();
  for (const h of [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens))) byDay.set(h.day, [...(byDay.get(h.day) ?? []), `${h.opens}–${h.closes}`]);
  return [...byDay].map(([day, ranges]) => `${DAYS[day] ?? day}: ${ranges.join(', ')}`);
}

/** "26 de noviembre de 2026", in Chile. */
export const longDate = (iso: string | null) => (iso ? longChileDate(new Date(iso)) : '—');

/** A QR code as a PNG for a PDF (required on the first one, not at start). */
export function qrPng(text: string): Promise<Buffer> {
  const QRCode = require('qrcode') as typeof import('qrcode');
  return QRCode.toBuffer(text, { type: 'png', width: 220, margin: 1, errorCorrectionLevel: 'M' });
}
