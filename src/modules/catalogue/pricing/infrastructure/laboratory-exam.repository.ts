import type { Tx } from '../../../../platform/database/prisma.service';
import type { LaboratoryExam } from '../domain/laboratory-exam';

/**
 * Where offers are kept. Every call runs in the caller's transaction (`tx`); `find*` lock the
 * row, so that concurrent edits of one price are serialised and the history records each once.
 */
export interface LaboratoryExamRepository {
  findById(tx: Tx, id: number): Promise<LaboratoryExam | null>;
  findByPair(tx: Tx, laboratoryId: number, examId: number): Promise<LaboratoryExam | null>;
  /** Inserts or updates the offer and appends its price changes; returns its id. */
  save(tx: Tx, offer: LaboratoryExam): Promise<number>;
  /** The company of a laboratory, or undefined when there is no such laboratory. */
  companyOfLaboratory(tx: Tx, laboratoryId: number): Promise<number | null | undefined>;
  isActiveExam(tx: Tx, examId: number): Promise<boolean>;
  /** The prices a laboratory offers now (active, not rejected, of exams still in the catalogue), by exam. */
  activePricesOf(tx: Tx, laboratoryId: number): Promise<{ examId: number; price: number }[]>;
}

export const LABORATORY_EXAM_REPOSITORY = Symbol('LaboratoryExamRepository');
