import { Command } from '@nestjs/cqrs';
import type { ImportDryRun, ImportKind } from '../../../../contracts/imports';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** The uploaded file as multer left it on disk (deleted once the dry run is done). */
export interface UploadedTable {
  path: string;
  originalName: string;
  size: number;
}

export interface UploadOptions {
  confirm: boolean;
  allOrNothing: boolean;
  sheet?: string;
  companyId?: number;
}

/**
 * A person uploads a file to import: every row is read and checked (the dry run), the rows and the
 * original file are kept, and the summary answered; with `confirm` the import is also queued.
 */
export class UploadImportCommand extends Command<ImportDryRun> {
  constructor(
    readonly ctx: CommandContext,
    readonly kind: ImportKind,
    readonly file: UploadedTable,
    readonly options: UploadOptions,
  ) {
    super();
  }
}
