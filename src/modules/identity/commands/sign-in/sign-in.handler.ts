import { setTimeout as delay } from 'node:timers/promises';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { UnauthenticatedError } from '../../../../platform/auth/actor';
import { Sessions } from '../../../../platform/auth/sessions';
import { Throttles } from '../../../../platform/auth/throttles';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { hashPassword, randomPassword, verifyPassword } from '../../../../platform/security/passwords';
import { GetCurrentUserQuery } from '../../queries/get-current-user/get-current-user.query';
import { SignInCommand } from './sign-in.command';

/** How long a failed sign-in waits before answering, after `failures` of its account this hour: nothing for the first five, then doubling up to 4 s. */
export const failureDelayMs = (failures: number) => (failures <= 5 ? 0 : Math.min(4000, 250 * 2 ** (failures - 6)));

/** A hash to verify against when the e-mail is unknown, so both answers take the same time. */
let decoyHash: Promise<string> | undefined;
const decoyPasswordHash = () => (decoyHash ??= hashPassword(randomPassword()));

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
    private readonly throttles: Throttles,
    private readonly queries: QueryBus,
  ) {}

  /**
   * Guessing is refused per account AND source (five failures from one place shut that place out
   * of that account for 15 minutes) and slowed per account from anywhere (each failure beyond five
   * answers later, up to a few seconds), so a guesser elsewhere can neither get in nor lock the
   * owner out: the right password always goes through at once.
   */
  async execute({ email, password, client }: SignInCommand) {
    const source = `${email}|${client.ip}`;
    await this.throttles.consume('signInPerIp', client.ip);
    await this.throttles.check('signInFailuresPerAccountAndSource', source);
    const user = await this.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true, isActive: true, person: { select: { deletedAt: true } } } });
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !matches || !user.isActive || user.person.deletedAt) {
      await this.throttles.penalise('signInFailuresPerAccountAndSource', source);
      await this.throttles.penalise('signInFailuresPerAccount', email);
      await delay(failureDelayMs(await this.throttles.spent('signInFailuresPerAccount', email)));
      throw new UnauthenticatedError('El correo o la contraseña no son correctos.', 'AUTH.INVALID_CREDENTIALS');
    }
    await this.throttles.reset('signInFailuresPerAccountAndSource', source);
    await this.prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    const tokenData = await this.sessions.open(user.id, client);
    return { tokenData, ...(await this.queries.execute(new GetCurrentUserQuery(user.id))) };
  }
}
