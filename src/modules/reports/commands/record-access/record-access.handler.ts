import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccessLogWriter } from '../../jobs/access-log.writer';
import { RecordAccessCommand } from './record-access.command';

/** Never writes on the request path: the route change joins the next batch for the queue. */
@CommandHandler(RecordAccessCommand)
export class RecordAccessHandler implements ICommandHandler<RecordAccessCommand> {
  constructor(private readonly writer: AccessLogWriter) {}

  async execute({ route, session, personId, ip }: RecordAccessCommand) {
    this.writer.record(route, session, personId, ip);
    return { recorded: true as const };
  }
}
