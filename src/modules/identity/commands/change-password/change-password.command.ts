import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../platform/auth/actor';

/** A signed-in person changes their password, knowing the current one; their other sessions close. */
export class ChangePasswordCommand extends Command<{ message: string }> {
  constructor(
    readonly actor: Actor,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}
