import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { UnauthenticatedError } from '../../../../platform/auth/actor';
import { Sessions } from '../../../../platform/auth/sessions';
import { Throttles } from '../../../../platform/auth/throttles';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { hashPassword, randomPassword, verifyPassword } from '../../../../platform/security/passwords';
import { GetCurrentUserQuery } from '../../queries/get-current-user/get-current-user.query';
import { SignInCommand } from './sign-in.command';

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

  async execute({ email, password, client }: SignInCommand) {
    await this.throttles.consume('signInPerIp', client.ip);
    await this.throttles.check('signInFailuresPerAccount', email);
    const user = await this.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true, isActive: true, person: { select: { deletedAt: true } } } });
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !matches || !user.isActive || user.person.deletedAt) {
      await this.throttles.penalise('signInFailuresPerAccount', email);
      throw new UnauthenticatedError('El correo o la contraseña no son correctos.', 'AUTH.INVALID_CREDENTIALS');
    }
    await this.throttles.reset('signInFailuresPerAccount', email);
    await this.prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    const tokenData = await this.sessions.open(user.id, client);
    return { tokenData, ...(await this.queries.execute(new GetCurrentUserQuery(user.id))) };
  }
}
