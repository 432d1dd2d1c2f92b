import { Command } from '@nestjs/cqrs';
import type { SelectListType, SelectListTypeInput } from '../../../../../contracts/select-lists';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/** Edits a select-list type: code, name, order, and its flags too when the form sends them. */
export class UpdateSelectListTypeCommand extends Command<ServerSide<SelectListType>> {
  constructor(
    readonly ctx: CommandContext,
    readonly typeId: number,
    readonly changes: Partial<SelectListTypeInput>,
  ) {
    super();
  }
}
