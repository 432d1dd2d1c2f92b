export { ExamsModule } from './exams.module';
export * from './exams.events';
export * from './exams.errors';
export { mleBonoColumns } from './mle-bono.sql';
/** For bulk imports of the catalogue: how a FONASA code is written with dots. */
export { dottedCode } from './exam-view';
