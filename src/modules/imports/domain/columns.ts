import type { ImportErrorCode, ImportRowError } from '../../../contracts/imports';
import { MissingColumnsError } from '../imports.errors';

/** A column of an import's file: its template header and the other headers people use for it. */
export interface ColumnSpec<K extends string = string> {
  key: K;
  /** As the template writes it (and the error file names it). */
  header: string;
  /** Other accepted headers, in order of preference (e.g. the FONASA file's own `price_level1`). */
  aliases?: string[];
  required?: boolean;
  /** An example value for the template's example row. */
  example: string;
}

/** `Código FONASA`, `codigo_fonasa` and `CODIGO-FONASA` are the same header. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Which cell position holds each column of the spec; answers one clear error naming every required column missing. */
export function matchHeader<K extends string>(columns: readonly ColumnSpec<K>[], header: string[], oneOf: K[][] = []): Map<K, number> {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    if (name && !positions.has(name)) positions.set(name, index);
  });
  const found = new Map<K, number>();
  for (const column of columns) {
    for (const name of [column.header, ...(column.aliases ?? [])].map(normalizeHeader)) {
      const position = positions.get(name);
      if (position !== undefined) {
        found.set(column.key, position);
        break;
      }
    }
  }
  const missing = columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.header);
  for (const group of oneOf) {
    if (!group.some((key) => found.has(key))) missing.push(group.map((key) => columns.find((c) => c.key === key)!.header).join(' o '));
  }
  if (missing.length > 0) throw new MissingColumnsError(missing, columns.map((c) => c.header));
  return found;
}

/** The cells of a row by column key ('' when the column is absent or the cell empty). */
export function cellsByKey<K extends string>(positions: Map<K, number>, cells: string[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const [key, position] of positions) values[key] = (cells[position] ?? '').trim();
  return values;
}

/** Collects a row's errors with the column's template header. */
export class RowErrors {
  readonly list: ImportRowError[] = [];

  constructor(private readonly row: number) {}

  add(column: ColumnSpec | null, value: string | null, code: ImportErrorCode, message: string): void {
    this.list.push({ row: this.row, column: column?.header ?? null, value: value === '' ? null : value, code, message });
  }

  get any(): boolean {
    return this.list.length > 0;
  }
}

/** Whole pesos as people type them: `12.500` (Chilean thousands), `12500`, `$ 12.500`, `12500,0`. Null when it is not a whole number. */
export function parsePesos(text: string): number | null {
  const cleaned = text.replace(/\$|\s|CLP/gi, '');
  const grouped = /^(-?)(\d{1,3}(?:\.\d{3})+)(?:,0+)?$/.exec(cleaned);
  const plain = /^(-?\d+)(?:[.,]0+)?$/.exec(cleaned);
  const value = grouped ? Number(grouped[1] + grouped[2].replace(/\./g, '')) : plain ? Number(plain[1]) : null;
  return value !== null && Number.isSafeInteger(value) ? value : null;
}
