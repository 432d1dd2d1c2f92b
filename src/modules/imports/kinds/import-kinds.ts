import type { ImportKind } from '../../../contracts/imports';
import { ExamImportKind } from './exam.kind';
import type { ImportKindHandler } from './import-kind';
import { LaboratoryExamImportKind } from './laboratory-exam.kind';
import { LaboratoryImportKind } from './laboratory.kind';

/** The three imports, by the name of their route and template. */
export const IMPORT_KINDS: Record<ImportKind, ImportKindHandler> = {
  laboratory: new LaboratoryImportKind() as ImportKindHandler,
  'laboratory-exam': new LaboratoryExamImportKind() as ImportKindHandler,
  exam: new ExamImportKind() as ImportKindHandler,
};
