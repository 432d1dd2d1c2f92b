export { ExamsModule } from './exams.module';
export * from './exams.events';
export * from './exams.errors';
export { mleBonoColumns, takesFonasaBonoSql } from './mle-bono.sql';
export { ExamLookup } from './infrastructure/exam-lookup';
/** For bulk imports of the catalogue: how a FONASA code is written with dots. */
export { dottedCode } from './exam-view';
