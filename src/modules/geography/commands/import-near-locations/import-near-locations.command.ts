import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../platform/cqrs/command-context';

/** Loads the shipped shared-border adjacency (data/reference), both ways; pairs already there stay as they are. */
export class ImportNearLocationsCommand extends Command<{ added: number; total: number }> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}
