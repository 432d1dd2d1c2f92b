import { Command } from '@nestjs/cqrs';
import type { SelectListChildInput } from '../../../../../contracts/select-lists';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { SelectListValue } from '../../select-list-view';

/** Edits a value of a select list: code, name, order, active, or the list it belongs to. */
export class UpdateSelectListValueCommand extends Command<SelectListValue> {
  constructor(
    readonly ctx: CommandContext,
    readonly valueId: number,
    readonly changes: Partial<SelectListChildInput>,
  ) {
    super();
  }
}
