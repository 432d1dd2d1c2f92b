import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { LaboratoryExam } from '../domain/laboratory-exam';

/**
 * Where offers are kept. Every call runs in the caller's transaction (`tx`, which the port leaves opaque); `find*` lock the
 * row, so that concurrent edits of one price are serialised and the history records each once.
 */
export interface LaboratoryExamRepository {
  findById(tx: Transaction, id: number): Promise<LaboratoryExam | null>;
  findByPair(tx: Transaction, laboratoryId: number, examId: number): Promise<LaboratoryExam | null>;
  /** Inserts or updates the offer and appends its price changes; returns its id. */
  save(tx: Transaction, offer: LaboratoryExam): Promise<number>;
  /** The company of a laboratory, or undefined when there is no such laboratory. */
  companyOfLaboratory(tx: Transaction, laboratoryId: number): Promise<number | null | undefined>;
  isActiveExam(tx: Transaction, examId: number): Promise<boolean>;
  /** The prices a laboratory offers now (active, not rejected, of exams still in the catalogue), by exam. */
  activePricesOf(tx: Transaction, laboratoryId: number): Promise<{ examId: number; price: number }[]>;
}

export const LABORATORY_EXAM_REPOSITORY = Symbol('LaboratoryExamRepository');
