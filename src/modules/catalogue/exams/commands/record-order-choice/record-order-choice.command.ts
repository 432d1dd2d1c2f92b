import { Command } from '@nestjs/cqrs';

/** A patient chose this exam for an ambiguous line of an order: the reader offers it first next time. */
export class RecordOrderChoiceCommand extends Command<void> {
  constructor(
    readonly text: string,
    readonly examId: number,
  ) {
    super();
  }
}
