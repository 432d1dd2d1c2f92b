import { Command } from '@nestjs/cqrs';
import type { SelectListChildInput } from '../../../../../contracts/select-lists';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { SelectListValue } from '../../select-list-view';

/** Adds a value to a select list (administrators). */
export class CreateSelectListValueCommand extends Command<SelectListValue> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: SelectListChildInput,
  ) {
    super();
  }
}
