import { Command } from '@nestjs/cqrs';
import type { UfValue } from '../../../../../contracts/uf-values';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { ServerSide } from '../../../../../platform/http/envelope';
import type { UfValueChanges } from '../../http/uf-values.schemas';

/** Corrects a UF value: its day, its pesos or both (administrators). */
export class UpdateUfValueCommand extends Command<ServerSide<UfValue>> {
  constructor(
    readonly ctx: CommandContext,
    readonly ufValueId: number,
    readonly changes: UfValueChanges,
  ) {
    super();
  }
}
