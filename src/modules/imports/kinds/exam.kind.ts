import type { Changes } from '../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { dottedCode } from '../../catalogue/exams';
import { RowErrors, normalizeHeader, parsePesos, type ColumnSpec } from '../domain/columns';
import { ExamsImported } from '../imports.events';
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

type Fonasa = 'fonasaYear' | 'fonasaPriceLevel1' | 'fonasaPriceLevel2' | 'fonasaPriceLevel3' | 'fonasaCopayLevel1' | 'fonasaCopayLevel2' | 'fonasaCopayLevel3';

/** A catalogue row: a field left out (column absent) keeps what is stored; an empty FONASA cell clears it. */
export interface ExamRow {
  code: string;
  name: string;
  typeExamId?: number;
  synonyms?: string[];
  values: Partial<Record<Fonasa, number | null>>;
}

interface StoredExam {
  id: number;
  code: string;
  name: string;
  typeExamId: number;
  values: Record<Fonasa, number | null>;
  synonyms: string[];
}

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

const EXAM_SELECT = {
  id: true, code: true, name: true, typeExamId: true, fonasaYear: true,
  fonasaPriceLevel1: true, fonasaPriceLevel2: true, fonasaPriceLevel3: true, fonasaCopayLevel1: true, fonasaCopayLevel2: true, fonasaCopayLevel3: true,
  synonyms: { where: { kind: 'manual' }, select: { synonym: true }, orderBy: { synonym: 'asc' } },
} as const;

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

  private async stored(db: PrismaService | Tx, codes: string[], lock: boolean): Promise<Map<string, StoredExam>> {
    if (lock) await db.$queryRaw`SELECT 1 FROM exam WHERE code = ANY(${codes}::text[]) ORDER BY id FOR UPDATE`;
    const rows = await db.exam.findMany({ where: { code: { in: codes } }, select: EXAM_SELECT });
    return new Map(
      rows.map(({ synonyms, id, code, name, typeExamId, ...values }) => [code, { id, code, name, typeExamId, values, synonyms: synonyms.map((s) => s.synonym) }]),
    );
  }

  /** The fields of a row that differ from the stored exam (empty: unchanged). */
  private differences(data: ExamRow, stored: StoredExam): string[] {
    const fields: string[] = [];
    if (data.name !== stored.name) fields.push('name');
    if (data.typeExamId !== undefined && data.typeExamId !== stored.typeExamId) fields.push('typeExamId');
    for (const [field, value] of Object.entries(data.values) as [Fonasa, number | null][]) if (value !== stored.values[field]) fields.push(field);
    if (data.synonyms && data.synonyms.join('|') !== stored.synonyms.join('|')) fields.push('synonyms');
    return fields;
  }

  private missingType(row: number): RowOutcome {
    return { row, status: 'ERROR', errors: [{ row, column: COLUMNS.type.header, value: null, code: 'REQUIRED', message: 'Indica el tipo de examen: el código no existe en el catálogo y se creará.' }] };
  }

  async classify(db: PrismaService | Tx, _scope: ImportScope, rows: { row: number; data: ExamRow }[]): Promise<RowOutcome[]> {
    const stored = await this.stored(db, rows.map((r) => r.data.code), false);
    return rows.map(({ row, data }) => {
      const exam = stored.get(data.code);
      if (!exam) return data.typeExamId === undefined ? this.missingType(row) : { row, status: 'CREATE', errors: [] };
      return { row, status: this.differences(data, exam).length > 0 ? 'UPDATE' : 'UNCHANGED', errors: [] };
    });
  }

  async apply(tx: Tx, changes: Changes, scope: ImportScope, rows: { row: number; data: ExamRow }[]): Promise<RowOutcome[]> {
    const stored = await this.stored(tx, rows.map((r) => r.data.code), true);
    const outcomes: RowOutcome[] = [];
    const updated: number[] = [];
    const created: number[] = [];
    for (const { row, data } of rows) {
      const exam = stored.get(data.code);
      if (!exam) {
        if (data.typeExamId === undefined) {
          outcomes.push(this.missingType(row));
          continue;
        }
        const { id } = await tx.exam.create({ data: { code: data.code, codeDotted: dottedCode(data.code), name: data.name, typeExamId: data.typeExamId, ...data.values }, select: { id: true } });
        if (data.synonyms?.length) await tx.examSynonym.createMany({ data: data.synonyms.map((synonym) => ({ examId: id, synonym, kind: 'manual' })), skipDuplicates: true });
        created.push(id);
        changes.audit('exam.imported', 'Exam', id, { importId: scope.importId, created: true });
        outcomes.push({ row, status: 'CREATE', errors: [] });
        continue;
      }
      const fields = this.differences(data, exam);
      if (fields.length === 0) {
        outcomes.push({ row, status: 'UNCHANGED', errors: [] });
        continue;
      }
      await tx.exam.update({ where: { id: exam.id }, data: { name: data.name, ...(data.typeExamId !== undefined && { typeExamId: data.typeExamId }), ...data.values } });
      if (data.synonyms && fields.includes('synonyms')) {
        await tx.examSynonym.deleteMany({ where: { examId: exam.id, kind: 'manual' } });
        await tx.examSynonym.createMany({ data: data.synonyms.map((synonym) => ({ examId: exam.id, synonym, kind: 'manual' })), skipDuplicates: true });
      }
      updated.push(exam.id);
      changes.audit('exam.imported', 'Exam', exam.id, { importId: scope.importId, fields: fields.join(',') });
      outcomes.push({ row, status: 'UPDATE', errors: [] });
    }
    if (updated.length + created.length > 0) changes.record(ExamsImported({ importId: scope.importId, examIds: [...updated, ...created], created, by: scope.actor.personId }));
    return outcomes;
  }
}
