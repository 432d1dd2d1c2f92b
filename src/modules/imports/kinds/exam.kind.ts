import type { Changes } from '../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { ExamBatch, type ExamChange, type ExamOutcome, type FonasaValue } from '../../catalogue/exams';
import { RowErrors, normalizeHeader, parsePesos, type ColumnSpec } from '../domain/columns';
import type { ImportKindHandler, ImportScope, ParsedRow, RowOutcome } from './import-kind';
import { normalizeExamCode } from './laboratory-exam.kind';

const LEVELS = [1, 2, 3] as const;

/**
 * Spanish headers, and the FONASA file's own (`../shared/data/fonasa-lab-exams*.csv`, the same
 * columns `src/platform/reference-data` reads), so next year's file is uploaded as FONASA publishes it.
 */
const COLUMNS = {
  code: { key: 'code', header: 'codigo', aliases: ['codigo fonasa', 'code'], required: true, example: '0301045' },
  name: { key: 'name', header: 'nombre', aliases: ['name sentence case', 'nombre examen', 'name'], required: true, example: 'Hemograma' },
  type: { key: 'type', header: 'tipo', aliases: ['subgroup code', 'tipo examen', 'tipo de examen', 'subgroup'], example: '0301' },
  synonyms: { key: 'synonyms', header: 'sinonimos', aliases: ['sinonimo', 'synonyms'], example: 'hemograma completo|HMG' },
  year: { key: 'year', header: 'ano', aliases: ['year', 'ano fonasa', 'anio'], example: '2026' },
  price1: { key: 'price1', header: 'precio_nivel1', aliases: ['price level1', 'precio nivel 1', 'valor nivel 1'], example: '6540' },
  price2: { key: 'price2', header: 'precio_nivel2', aliases: ['price level2', 'precio nivel 2', 'valor nivel 2'], example: '8500' },
  price3: { key: 'price3', header: 'precio_nivel3', aliases: ['price level3', 'precio nivel 3', 'valor nivel 3'], example: '10460' },
  copay1: { key: 'copay1', header: 'copago_nivel1', aliases: ['copay level1', 'copago nivel 1'], example: '3270' },
  copay2: { key: 'copay2', header: 'copago_nivel2', aliases: ['copay level2', 'copago nivel 2'], example: '5230' },
  copay3: { key: 'copay3', header: 'copago_nivel3', aliases: ['copay level3', 'copago nivel 3'], example: '7190' },
} satisfies Record<string, ColumnSpec>;

type Fonasa = FonasaValue;

/** A catalogue row: what the exams module's batch takes (a column left out keeps what is stored; an empty FONASA cell clears it). */
export type ExamRow = ExamChange;

export interface ExamLookups {
  typesByCode: Map<string, number>;
  typesByName: Map<string, number>;
  present: Set<string>;
}

const VALUE_COLUMNS: [keyof typeof COLUMNS, Fonasa][] = [
  ['year', 'fonasaYear'],
  ...LEVELS.map((l): [keyof typeof COLUMNS, Fonasa] => [`price${l}`, `fonasaPriceLevel${l}`]),
  ...LEVELS.map((l): [keyof typeof COLUMNS, Fonasa] => [`copay${l}`, `fonasaCopayLevel${l}`]),
];

/** `POST /api/exam-import` (administrators): the FONASA catalogue; next year's file updates every exam in place. */
export class ExamImportKind implements ImportKindHandler<ExamRow, ExamLookups> {
  readonly kind = 'exam' as const;
  readonly columns = Object.values(COLUMNS);
  readonly adminOnly = true;
  readonly companyOwned = false;

  async prepare(db: PrismaService | Tx): Promise<ExamLookups> {
    const types = await db.examType.findMany({ select: { id: true, code: true, name: true } });
    return {
      typesByCode: new Map(types.map((t) => [t.code, t.id])),
      typesByName: new Map(types.map((t) => [normalizeHeader(t.name), t.id])),
      present: new Set(),
    };
  }

  /** The columns the file has: a column it lacks keeps the stored values. */
  withColumns(lookups: ExamLookups, keys: string[]): ExamLookups {
    return { ...lookups, present: new Set(keys) };
  }

  parse(cells: Record<string, string>, row: number, lookups: ExamLookups): ParsedRow<ExamRow> {
    const errors = new RowErrors(row);
    const codeText = cells.code ?? '';
    const code = normalizeExamCode(codeText);
    if (!codeText) errors.add(COLUMNS.code, null, 'REQUIRED', 'Indica el código FONASA del examen.');
    else if (!code) errors.add(COLUMNS.code, codeText, 'INVALID_VALUE', 'El código FONASA tiene 7 dígitos, por ejemplo 0301045.');
    const name = (cells.name ?? '').replace(/\s+/g, ' ').trim();
    if (!name) errors.add(COLUMNS.name, null, 'REQUIRED', 'Indica el nombre del examen.');
    else if (name.length > 500) errors.add(COLUMNS.name, name.slice(0, 50), 'TOO_LONG', 'El nombre tiene más de 500 caracteres.');
    else if (/[<>{}]/.test(name)) errors.add(COLUMNS.name, name, 'INVALID_VALUE', 'El nombre no puede contener los caracteres < > { }.');

    let typeExamId: number | undefined;
    const typeText = cells.type ?? '';
    if (typeText) {
      typeExamId = lookups.typesByCode.get(typeText) ?? lookups.typesByCode.get(typeText.padStart(4, '0')) ?? lookups.typesByName.get(normalizeHeader(typeText));
      if (typeExamId === undefined) errors.add(COLUMNS.type, typeText, 'UNKNOWN_EXAM_TYPE', 'No existe un tipo de examen con este código o nombre.');
    }

    let synonyms: string[] | undefined;
    if (cells.synonyms) {
      synonyms = [...new Set(cells.synonyms.split(/[|;,]/).map((s) => s.trim()).filter(Boolean))].sort();
      if (synonyms.some((s) => s.length > 200)) errors.add(COLUMNS.synonyms, cells.synonyms.slice(0, 50), 'TOO_LONG', 'Cada sinónimo tiene como máximo 200 caracteres.');
    }

    const values: ExamRow['values'] = {};
    for (const [key, field] of VALUE_COLUMNS) {
      if (!lookups.present.has(key)) continue;
      const text = cells[key] ?? '';
      if (!text) {
        values[field] = null;
        continue;
      }
      const value = parsePesos(text);
      const column = COLUMNS[key];
      if (value === null) errors.add(column, text, 'INVALID_NUMBER', key === 'year' ? 'El año debe ser un número, por ejemplo 2026.' : 'El valor debe ser un número en pesos, sin decimales.');
      else if (value < 0) errors.add(column, text, 'NEGATIVE_PRICE', 'El valor no puede ser negativo.');
      else if (key === 'year' && (value < 2000 || value > 2100)) errors.add(column, text, 'INVALID_VALUE', 'El año debe estar entre 2000 y 2100.');
      else values[field] = value;
    }
    const label = `${code ?? codeText} ${name}`.trim();
    return { row, label, data: errors.any ? null : { code: code!, name, typeExamId, synonyms, values }, errors: errors.list };
  }

  key(data: ExamRow): string {
    return data.code;
  }

  /** The catalogue's rules are the exams module's (ExamBatch): a refusal becomes an error row on its column. */
  private toOutcome(row: number, outcome: ExamOutcome): RowOutcome {
    if (outcome.status !== 'ERROR') return { row, status: outcome.status, errors: [] };
    return { row, status: 'ERROR', errors: [{ row, column: COLUMNS.type.header, value: null, code: outcome.code, message: outcome.message }] };
  }

  async classify(db: PrismaService | Tx, _scope: ImportScope, rows: { row: number; data: ExamRow }[]): Promise<RowOutcome[]> {
    const outcomes = await ExamBatch.check(db, rows.map((r) => r.data));
    return rows.map(({ row }, i) => this.toOutcome(row, outcomes[i]));
  }

  async apply(tx: Tx, changes: Changes, scope: ImportScope, rows: { row: number; data: ExamRow }[]): Promise<RowOutcome[]> {
    const outcomes = await ExamBatch.save(tx, changes, { actor: scope.actor, importId: scope.importId }, rows.map((r) => r.data));
    return rows.map(({ row }, i) => this.toOutcome(row, outcomes[i]));
  }
}
