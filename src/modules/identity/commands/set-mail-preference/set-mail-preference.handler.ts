import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MAIL_KIND_TEXTS } from '../../../../contracts/mail-preferences';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { GetMailPreferencesQuery, mailKindsOf } from '../../queries/get-mail-preferences/get-mail-preferences.query';
import { SetMailPreferenceCommand } from './set-mail-preference.command';

/**
 * One statement on the person's own row, so two switches flipped at once both stick; turning a kind off twice
 * keeps it once. A kind the profile never receives is refused rather than stored meaning nothing.
 */
@CommandHandler(SetMailPreferenceCommand)
export class SetMailPreferenceHandler implements ICommandHandler<SetMailPreferenceCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, kind, enabled }: SetMailPreferenceCommand) {
    if (!mailKindsOf(actor.profile).includes(kind)) throw invalidField('kind', `Tu perfil no recibe avisos de «${MAIL_KIND_TEXTS[kind].label}».`);
    if (enabled) await this.prisma.$executeRaw`UPDATE app_user SET mail_opt_outs = array_remove(mail_opt_outs, ${kind}) WHERE id = ${actor.userId}`;
    else await this.prisma.$executeRaw`UPDATE app_user SET mail_opt_outs = array_append(array_remove(mail_opt_outs, ${kind}), ${kind}) WHERE id = ${actor.userId}`;
    return this.queries.execute(new GetMailPreferencesQuery(actor));
  }
}
