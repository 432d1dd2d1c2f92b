import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CompanyNotApprovedError, REJECTED_COMPANY_READ_ONLY } from '../cqrs/company-scope';
import { PrismaService } from '../database/prisma.service';
import { ACCESS_POLICY, type AccessPolicy } from './access-policy';
import { ForbiddenError, UnauthenticatedError, type Actor, type RequestWithActor } from './actor';
import { Sessions } from './sessions';

/**
 * Enforces each route's declared policy. A bearer token that is missing, expired or revoked makes
 * the caller anonymous: public routes still answer, the others answer 401.
 * A provider of a REJECTED company keeps read-only access: on a provider route, anything but a
 * `GET` or a `POST .../search` is a write and answers 403 `COMPANY.NOT_APPROVED`.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
    private readonly prisma: PrismaService,
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
        if (actor.profile === 'ADM') return true;
        if (actor.profile !== 'PRV' || actor.companyId === null) throw new ForbiddenError();
        if (isWrite(request) && (await this.companyRejected(actor))) throw new CompanyNotApprovedError(REJECTED_COMPANY_READ_ONLY);
        return true;
    }
  }

  private async companyRejected(actor: Actor): Promise<boolean> {
    const company = await this.prisma.company.findUnique({ where: { id: actor.companyId! }, select: { status: true } });
    return company?.status === 'REJECTED';
  }
}

/** Reads are `GET` and the `POST .../search` lists; every other provider route changes something. */
function isWrite(request: RequestWithActor): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !/\/search\/?$/.test(request.path);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header ?? '');
  return match?.[1];
}
