import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MAIL_KINDS_BY_PROFILE, MAIL_KIND_TEXTS, type MailPreferences } from '../../../../contracts/mail-preferences';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';

/** `GET /api/auth/mail-preferences`: the optional mails of the caller's profile, each on or off. */
export class GetMailPreferencesQuery extends Query<MailPreferences> {
  constructor(readonly actor: Actor) {
    super();
  }
}

/** The kinds a profile receives (none for a visitor account, which the route's policy keeps out anyway). */
export const mailKindsOf = (profile: Actor['profile']) => (profile === 'ADM' || profile === 'PRV' ? MAIL_KINDS_BY_PROFILE[profile] : []);

@QueryHandler(GetMailPreferencesQuery)
export class GetMailPreferencesHandler implements IQueryHandler<GetMailPreferencesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor }: GetMailPreferencesQuery): Promise<MailPreferences> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { mailOptOuts: true } });
    return {
      preferences: mailKindsOf(actor.profile).map((kind) => ({ kind, ...MAIL_KIND_TEXTS[kind], enabled: !user.mailOptOuts.includes(kind) })),
    };
  }
}
