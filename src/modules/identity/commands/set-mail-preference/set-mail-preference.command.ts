import { Command } from '@nestjs/cqrs';
import type { MailKind, MailPreferences } from '../../../../contracts/mail-preferences';
import type { Actor } from '../../../../platform/auth/actor';

/** A person turns one kind of optional mail on or off, for themself only. */
export class SetMailPreferenceCommand extends Command<MailPreferences> {
  constructor(
    readonly actor: Actor,
    readonly kind: MailKind,
    readonly enabled: boolean,
  ) {
    super();
  }
}
