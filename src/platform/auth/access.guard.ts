import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_POLICY, type AccessPolicy } from './access-policy';
import { ForbiddenError, UnauthenticatedError, type RequestWithActor } from './actor';
import { Sessions } from './sessions';

/**
 * Enforces each route's declared policy. A bearer token that is missing, expired or revoked makes
 * the caller anonymous: public routes still answer, the others answer 401.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    // RoutePolicyCheck refuses to boot with such a route; this is the belt to its braces.
    if (!policy) throw new ForbiddenError();
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const token = bearerToken(request.headers.authorization);
    request.actor = token ? await this.sessions.resolve(token) : undefined;
    const actor = request.actor;
    switch (policy.kind) {
      case 'public':
        return true;
      case 'signed-in':
        if (!actor) throw new UnauthenticatedError();
        return true;
      case 'admin':
        if (!actor) throw new UnauthenticatedError();
        if (actor.profile !== 'ADM') throw new ForbiddenError();
        return true;
      case 'provider':
        if (!actor) throw new UnauthenticatedError();
        if (actor.profile === 'ADM' || (actor.profile === 'PRV' && actor.companyId !== null)) return true;
        throw new ForbiddenError();
    }
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header ?? '');
  return match?.[1];
}
