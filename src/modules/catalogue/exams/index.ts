export { ExamsModule } from './exams.module';
export * from './exams.events';
export * from './exams.errors';
export { mleBonoColumns } from './mle-bono.sql';
