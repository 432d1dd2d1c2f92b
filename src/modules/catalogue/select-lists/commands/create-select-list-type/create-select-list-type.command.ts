import { Command } from '@nestjs/cqrs';
import type { SelectListType, SelectListTypeInput } from '../../../../../contracts/select-lists';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Adds a select-list type (administrators); its values are added one by one afterwards. */
export class CreateSelectListTypeCommand extends Command<ServerSide<SelectListType>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: SelectListTypeInput,
  ) {
    super();
  }
}
