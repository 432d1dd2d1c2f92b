import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { ContactMessageReceived } from '../../identity.events';
import { SendContactMessageCommand } from './send-contact-message.command';

@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly throttles: Throttles,
  ) {}

  async execute({ input, ip }: SendContactMessageCommand) {
    await this.throttles.consume('contactPerIp', ip);
    const id = await this.uow.run(null, async (tx, changes) => {
      const { id } = await tx.contactMessage.create({ data: input, select: { id: true } });
      changes.record(ContactMessageReceived({ contactMessageId: id }));
      return id;
    });
    return { id, message: 'Recibimos tu mensaje. Te responderemos a tu correo a la brevedad.' };
  }
}
