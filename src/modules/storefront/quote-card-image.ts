import { sharp } from '../../platform/images/sharp';
import { formatClp } from '../../platform/chile/money';
import type { SearchShare } from './queries/get-search-share/get-search-share.query';

/** The size chat previews draw large (Open Graph's 1.91:1). */
export const QUOTE_CARD = { width: 1200, height: 630 } as const;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** Up to `lines` lines of about `width` characters from the exam names, the last one saying how many more. */
function examLines(names: string[], width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < names.length; i++) {
    const next = line ? `${line} · ${names[i]}` : names[i];
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = names[i];
    if (out.length === lines - 1) {
      const rest = names.length - i;
      out.push(rest > 1 ? `${cut(line, width - 12)} y ${rest - 1} más` : cut(line, width));
      return out;
    }
  }
  if (line) out.push(cut(line, width));
  return out;
}

/**
 * The picture a shared quote shows in a chat: the order's exams, the place, and what the whole order
 * costs there (cheapest, dearest and in how many laboratories), in the storefront's colours.
 */
export function quoteCardSvg(share: Pick<SearchShare, 'exams' | 'place' | 'range'>): string {
  const { width, height } = QUOTE_CARD;
  const count = share.exams.length;
  const heading = count === 0 ? 'Cotiza tu orden médica' : `Cotización de ${count} ${count === 1 ? 'examen' : 'exámenes'}`;
  const exams = examLines(share.exams, 58, 3);
  const place = share.place ? `en ${cut(share.place, 60)}` : 'en todo Chile';
  const price = share.range
    ? [
        `desde ${formatClp(share.range.min)}`,
        `precio particular${share.range.min === share.range.max ? '' : `, hasta ${formatClp(share.range.max)}`} · ${share.range.laboratories} ${share.range.laboratories === 1 ? 'laboratorio' : 'laboratorios'} con toda la orden`,
      ]
    : ['Compara el total y tu copago', 'en cada laboratorio'];
  const text = (x: number, y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${xml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#f5f8fa"/>`,
    `<rect width="${width}" height="96" fill="#0cc6de"/>`,
    text(64, 64, 44, 700, '#ffffff', 'CotizaLab'),
    text(64, 178, 52, 700, '#1f2933', heading),
    ...exams.map((line, i) => text(64, 238 + i * 44, 32, 400, '#52606d', line)),
    text(64, 238 + exams.length * 44 + 8, 30, 400, '#52606d', place),
    `<rect x="48" y="${height - 170}" width="${width - 96}" height="128" rx="18" fill="#ffffff" stroke="#e4e7eb" stroke-width="2"/>`,
    text(80, height - 92, 56, 700, '#057483', price[0]),
    text(80, height - 54, 28, 400, '#1f2933', price[1]),
    '</svg>',
  ].join('');
}

/** The card as a PNG (sharp renders the SVG with the system's fonts). */
export function quoteCardPng(share: Pick<SearchShare, 'exams' | 'place' | 'range'>): Promise<Buffer> {
  return sharp(Buffer.from(quoteCardSvg(share))).png({ compressionLevel: 8 }).toBuffer();
}
