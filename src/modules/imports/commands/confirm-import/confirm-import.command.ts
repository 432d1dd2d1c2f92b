import { Command } from '@nestjs/cqrs';
import type { ImportJob } from '../../../../contracts/imports';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/**
 * The person confirms a dry run: the import is queued. With "todo o nada" and rows in error it is
 * REJECTED at once and nothing is imported. `allOrNothing` undefined keeps the upload's choice.
 * `excludeRows` leaves out rows the review showed (a price far from the market): they are not imported.
 */
export class ConfirmImportCommand extends Command<ImportJob> {
  constructor(
    readonly ctx: CommandContext,
    readonly importId: number,
    readonly allOrNothing?: boolean,
    readonly excludeRows: number[] = [],
  ) {
    super();
  }
}
