import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../platform/auth/throttles';
import { PrismaService } from '../../../platform/database/prisma.service';
import { Outbox } from '../../../platform/messaging/outbox';
import { AccountEvent } from '../account-events';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
}

/** A message from the contact form: kept, confirmed to the sender and forwarded to the administrators. */
export class SendContactMessageCommand extends Command<{ id: number; message: string }> {
  constructor(
    readonly input: ContactMessageInput,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ input, ip }: SendContactMessageCommand) {
    await this.throttles.consume('contactPerIp', ip);
    const id = await this.prisma.$transaction(async (tx) => {
      const saved = await tx.contactMessage.create({ data: input });
      await this.outbox.record(tx, [{ type: AccountEvent.ContactMessageReceived, aggregateType: 'ContactMessage', aggregateId: saved.id, payload: { contactMessageId: saved.id } }]);
      return saved.id;
    });
    return { id, message: 'Recibimos tu mensaje. Te responderemos a tu correo a la brevedad.' };
  }
}
