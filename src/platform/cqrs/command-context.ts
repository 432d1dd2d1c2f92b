import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor, RequestWithActor } from '../auth/actor';

/** Who sends a command and from where: every command of a signed-in route carries one. */
export interface CommandContext {
  actor: Actor;
  ip: string;
}

/** The command context of a signed-in route: `create(@Ctx() ctx: CommandContext, ...)`. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): CommandContext => {
  const request = context.switchToHttp().getRequest<Request & RequestWithActor>();
  // The access guard runs first: a signed-in route never reaches here without an actor.
  return { actor: request.actor!, ip: request.ip ?? 'unknown' };
});
