import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { AccountMailsConsumer, type AccountMailEvent } from '../../src/modules/identity/account-mails.consumer';
import { AccountInvited, PasswordRecoveryRequested } from '../../src/modules/identity/identity.events';
import { redeemResetToken } from '../../src/modules/identity/password-resets';
import { Throttles } from '../../src/platform/auth/throttles';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { Mailer, type Mail } from '../../src/platform/mail/mailer';
import type { StoredEvent } from '../../src/platform/messaging/domain-event';
import { EventConsumerRegistry } from '../../src/platform/messaging/event-consumers';
import { startMedium } from '../support/medium';
import { TEST_ADMIN_ENV } from '../support/seeded-templates';

/** Follows each mail's link the moment the mail is sent, as a person quick on the mail would: what the link answered. */
class LinkFollowingMailer extends Mailer {
  readonly followed: { subject: string; userId: number | null }[] = [];

  constructor(
    config: AppConfig,
    private readonly prisma: PrismaService,
  ) {
    super(config, pino({ level: 'silent' }));
  }

  override async send(mail: Mail): Promise<void> {
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no link in "${mail.subject}"`);
    // On a connection of the pool, not the delivery's transaction: the link as the person's browser would follow it.
    this.followed.push({ subject: mail.subject, userId: await this.prisma.$transaction((tx) => redeemResetToken(tx, token)) });
  }
}

/**
 * The links of account mails (an invitation, a password recovery) work from the moment their mail is sent: the mail
 * leaves during the delivery's transaction, and a token written in that transaction was refused until it committed
 * (a CI run's test followed an invitation in between: "El enlace ... no es válido").
 */
describe('the links of account mails', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let mailer: LinkFollowingMailer;
  let consumer: AccountMailsConsumer;
  let user: { id: number; email: string };

  beforeAll(async () => {
    ({ prisma, close } = await startMedium(2));
    const config = loadConfig({ DATA_DIR: join(tmpdir(), 'cotizalab-medium-mail'), ...TEST_ADMIN_ENV });
    mailer = new LinkFollowingMailer(config, prisma);
    consumer = new AccountMailsConsumer(new EventConsumerRegistry(prisma), mailer, new Throttles(config), config, prisma);
    user = await prisma.user.findFirstOrThrow({ where: { email: TEST_ADMIN_ENV.ADMIN_EMAIL }, select: { id: true, email: true } });
  });
  afterAll(() => close());

  /** Handles `event` as a delivery does: in one transaction, committed once the consumer is done. */
  const deliver = (event: AccountMailEvent) => prisma.$transaction((tx) => consumer.handle({ ...event, id: 1n, aggregateId: String(event.aggregateId), occurredAt: new Date() } as StoredEvent<AccountMailEvent>, tx));

  it('sends an invitation whose link already sets the password while the mail is being sent', async () => {
    await deliver(AccountInvited({ userId: user.id }));
    expect(mailer.followed.splice(0)).toEqual([{ subject: 'Te crearon una cuenta en CotizaLab', userId: user.id }]);
  });

  it('sends a recovery whose link already works while the mail is being sent', async () => {
    await deliver(PasswordRecoveryRequested({ email: user.email }));
    expect(mailer.followed.splice(0)).toEqual([{ subject: 'Restablece tu contraseña de CotizaLab', userId: user.id }]);
  });
});
