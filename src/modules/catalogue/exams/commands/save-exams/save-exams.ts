import type { Actor } from '../../../../../platform/auth/actor';
import type { Changes } from '../../../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../../../platform/database/prisma.service';
import { dottedCode } from '../../exam-view';
import { ExamsImported } from '../../exams.events';

export type FonasaValue = 'fonasaYear' | 'fonasaPriceLevel1' | 'fonasaPriceLevel2' | 'fonasaPriceLevel3' | 'fonasaCopayLevel1' | 'fonasaCopayLevel2' | 'fonasaCopayLevel3';

/**
 * An exam of the FONASA catalogue as a batch states it (a row of the catalogue import), named by its code: its
 * type and synonyms left undefined keep what is stored, and only the FONASA values it names change.
 */
export interface ExamChange {
  code: string;
  name: string;
  typeExamId?: number;
  synonyms?: string[];
  values: Partial<Record<FonasaValue, number | null>>;
}

/** What a change will do (check) or did (save); a new exam without a type is refused. */
export type ExamOutcome = { status: 'CREATE' } | { status: 'UNCHANGED' } | { status: 'UPDATE'; fields: string[] } | { status: 'ERROR'; field: 'typeExamId'; code: 'REQUIRED'; message: string };

interface StoredExam {
  id: number;
  name: string;
  typeExamId: number;
  values: Record<FonasaValue, number | null>;
  synonyms: string[];
}

/** Who saves, and the import the batch comes from (its event and audit rows say so). */
export interface ExamBatchScope {
  actor: Actor;
  importId: number;
}

const EXAM_SELECT = {
  id: true, code: true, name: true, typeExamId: true, fonasaYear: true,
  fonasaPriceLevel1: true, fonasaPriceLevel2: true, fonasaPriceLevel3: true, fonasaCopayLevel1: true, fonasaCopayLevel2: true, fonasaCopayLevel3: true,
  synonyms: { where: { kind: 'manual' }, select: { synonym: true }, orderBy: { synonym: 'asc' } },
} as const;

const MISSING_TYPE: ExamOutcome = { status: 'ERROR', field: 'typeExamId', code: 'REQUIRED', message: 'Indica el tipo de examen: el código no existe en el catálogo y se creará.' };

/**
 * Creating or updating many exams of the catalogue at once (next year's FONASA file updates every exam in place).
 * `check` reads only (an import's dry run); `save` writes in the caller's transaction under the rows' locks, with an
 * audit row per exam and one `ExamsImported` per batch (the search reindexes the branches offering them).
 */
export const ExamBatch = {
  async check(db: PrismaService | Tx, exams: ExamChange[]): Promise<ExamOutcome[]> {
    const stored = await storedExams(db, exams, false);
    return exams.map((change) => judge(change, stored.get(change.code)));
  },

  async save(tx: Tx, changes: Changes, scope: ExamBatchScope, exams: ExamChange[]): Promise<ExamOutcome[]> {
    const stored = await storedExams(tx, exams, true);
    const outcomes: ExamOutcome[] = [];
    const updated: number[] = [];
    const created: number[] = [];
    for (const change of exams) {
      const exam = stored.get(change.code);
      const outcome = judge(change, exam);
      outcomes.push(outcome);
      if (outcome.status === 'ERROR' || outcome.status === 'UNCHANGED') continue;
      if (outcome.status === 'CREATE') {
        const { id } = await tx.exam.create({ data: { code: change.code, codeDotted: dottedCode(change.code), name: change.name, typeExamId: change.typeExamId!, ...change.values }, select: { id: true } });
        if (change.synonyms?.length) await tx.examSynonym.createMany({ data: change.synonyms.map((synonym) => ({ examId: id, synonym, kind: 'manual' })), skipDuplicates: true });
        created.push(id);
        changes.audit('exam.imported', 'Exam', id, { importId: scope.importId, created: true });
        continue;
      }
      const { fields } = outcome;
      const id = exam!.id;
      await tx.exam.update({ where: { id }, data: { name: change.name, ...(change.typeExamId !== undefined && { typeExamId: change.typeExamId }), ...change.values } });
      if (change.synonyms && fields.includes('synonyms')) {
        await tx.examSynonym.deleteMany({ where: { examId: id, kind: 'manual' } });
        await tx.examSynonym.createMany({ data: change.synonyms.map((synonym) => ({ examId: id, synonym, kind: 'manual' })), skipDuplicates: true });
      }
      updated.push(id);
      changes.audit('exam.imported', 'Exam', id, { importId: scope.importId, fields: fields.join(',') });
    }
    if (updated.length + created.length > 0) changes.record(ExamsImported({ importId: scope.importId, examIds: [...updated, ...created], created, by: scope.actor.personId }));
    return outcomes;
  },
};

function judge(change: ExamChange, exam: StoredExam | undefined): ExamOutcome {
  if (!exam) return change.typeExamId === undefined ? MISSING_TYPE : { status: 'CREATE' };
  const fields = differences(change, exam);
  return fields.length > 0 ? { status: 'UPDATE', fields } : { status: 'UNCHANGED' };
}

async function storedExams(db: PrismaService | Tx, exams: ExamChange[], lock: boolean): Promise<Map<string, StoredExam>> {
  const codes = exams.map((e) => e.code);
  if (lock) await db.$queryRaw`SELECT 1 FROM exam WHERE code = ANY(${codes}::text[]) ORDER BY id FOR UPDATE`;
  const rows = await db.exam.findMany({ where: { code: { in: codes } }, select: EXAM_SELECT });
  return new Map(rows.map(({ synonyms, id, code, name, typeExamId, ...values }) => [code, { id, name, typeExamId, values, synonyms: synonyms.map((s) => s.synonym) }]));
}

/** The fields of a change that differ from the stored exam (empty: unchanged). */
function differences(change: ExamChange, stored: StoredExam): string[] {
  const fields: string[] = [];
  if (change.name !== stored.name) fields.push('name');
  if (change.typeExamId !== undefined && change.typeExamId !== stored.typeExamId) fields.push('typeExamId');
  for (const [field, value] of Object.entries(change.values) as [FonasaValue, number | null][]) if (value !== stored.values[field]) fields.push(field);
  if (change.synonyms && change.synonyms.join('|') !== stored.synonyms.join('|')) fields.push('synonyms');
  return fields;
}
