import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../platform/auth/actor';

/** Closes the caller's session: its token stops working at once. */
export class SignOutCommand extends Command<{ message: string }> {
  constructor(readonly actor: Actor) {
    super();
  }
}
