import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { RecordAccessCommand } from './record-access.command';

@CommandHandler(RecordAccessCommand)
export class RecordAccessHandler implements ICommandHandler<RecordAccessCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ route, session, personId }: RecordAccessCommand) {
    await this.prisma.accessLog.create({ data: { route, session: BigInt(session), personId } });
    return { recorded: true as const };
  }
}
