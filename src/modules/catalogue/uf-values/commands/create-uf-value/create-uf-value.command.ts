import { Command } from '@nestjs/cqrs';
import type { UfValue } from '../../../../../contracts/uf-values';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { UfValueFields } from '../../http/uf-values.schemas';

/** Adds the UF's value from a day on (administrators). */
export class CreateUfValueCommand extends Command<ServerSide<UfValue>> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: UfValueFields,
  ) {
    super();
  }
}
