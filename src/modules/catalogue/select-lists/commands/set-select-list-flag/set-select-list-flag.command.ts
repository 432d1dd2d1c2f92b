import { Command } from '@nestjs/cqrs';
import type { SelectListFlag, SelectListType } from '../../../../../contracts/select-lists';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';

/**
 * Turns one flag of a type on or off: `isvisible` (back-office forms), `ispublic` (laboratory
 * page) or `isfilter` (a facet of /buscador, which re-projects its laboratories).
 */
export class SetSelectListFlagCommand extends Command<ServerSide<SelectListType>> {
  constructor(
    readonly ctx: CommandContext,
    readonly typeId: number,
    readonly flag: SelectListFlag,
    readonly value: boolean,
  ) {
    super();
  }
}
