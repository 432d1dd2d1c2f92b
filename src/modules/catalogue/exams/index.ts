export { ExamsModule } from './exams.module';
export * from './exams.events';
export * from './exams.errors';
export { mleBonoColumns, takesFonasaBonoSql } from './mle-bono.sql';
export { ExamLookup } from './infrastructure/exam-lookup';
/** Asked by the look-up, answered by the reports from the search history (issue 18). */
export { ExamChoicesQuery, type ExamChoice } from './queries/exam-choices/exam-choices.query';
/** For bulk imports of the catalogue: many exams checked and saved with the catalogue's rules. */
export { ExamBatch, type ExamChange, type ExamOutcome, type FonasaValue } from './commands/save-exams/save-exams';
/** For the seed of the order vocabulary: how a written term is keyed. */
export { foldTerm } from './domain/order-reading';
/** What an exam needs of the patient (issue 30): the voucher's preparation, the visit's sample taking. */
export { EXAM_PREPARATION_SELECT, toExamPreparation } from './exam-preparation';
