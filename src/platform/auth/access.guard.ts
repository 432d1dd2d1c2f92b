import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { CompanyNotApprovedError, REJECTED_COMPANY_READ_ONLY } from '../cqrs/company-scope';
import { PrismaService } from '../database/prisma.service';
import { AppError } from '../http/app-error';
import { ACCESS_POLICY, SESSION_ONLY, type AccessPolicy } from './access-policy';
import { ForbiddenError, UnauthenticatedError, type Actor, type RequestWithActor } from './actor';
import { ApiKeyAuthenticator, isApiKey } from './api-keys';
import { Sessions } from './sessions';
import { Throttles } from './throttles';

/**
 * Enforces each route's declared policy. A bearer token that is missing, expired or revoked makes
 * the caller anonymous: public routes still answer, the others answer 401.
 * A provider of a REJECTED company keeps read-only access: on a provider route, anything but a
 * `GET` or a `POST .../search` is a write and answers 403 `COMPANY.NOT_APPROVED`.
 * A company's API key (`Bearer clk_live_...`) is the second scheme: a key that is not good answers 401 on any route;
 * a good one is counted against its budget (RateLimit-* headers, 429 beyond it) and acts as a provider of its company
 * on public and provider routes; routes for a person's own account (signed-in, session-only) answer 403.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
    private readonly prisma: PrismaService,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly throttles: Throttles,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    // RoutePolicyCheck refuses to boot with such a route; this is the belt to its braces.
    if (!policy) throw new ForbiddenError();
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const token = bearerToken(request.headers.authorization);
    const keyed = token !== undefined && isApiKey(token);
    request.actor = !token ? undefined : keyed ? await this.apiKeys.resolve(token) : await this.sessions.resolve(token);
    const actor = request.actor;
    if (keyed) {
      await this.countRequest(actor!, context.switchToHttp().getResponse<Response>());
      const sessionOnly = this.reflector.getAllAndOverride<boolean | undefined>(SESSION_ONLY, [context.getHandler(), context.getClass()]);
      if (sessionOnly || policy.kind === 'signed-in') throw new SessionRequiredError();
    }
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

  /** One request of an API key against its budget; the headers go on every answer, the 429 included. */
  private async countRequest(actor: Actor, response: Response): Promise<void> {
    const state = await this.throttles.count('apiKeyRequests', String(actor.apiKeyId));
    response.setHeader('RateLimit-Limit', String(state.limit));
    response.setHeader('RateLimit-Remaining', String(state.remaining));
    response.setHeader('RateLimit-Reset', String(state.resetSeconds));
    if (state.exceeded) throw new ApiKeyRateLimitedError(state.limit, state.resetSeconds);
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

/** A route for a person's own account or session (their profile, password, mail, the API keys themselves). */
export class SessionRequiredError extends AppError {
  constructor() {
    super(HttpStatus.FORBIDDEN, 'AUTH.SESSION_REQUIRED', 'Esta acción requiere que una persona inicie sesión; una clave de API no puede realizarla.');
  }
}

/** An API key past its requests per minute; the exception filter writes `Retry-After`. */
export class ApiKeyRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(limit: number, resetSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'API_KEY.RATE_LIMITED', `Esta clave de API superó su límite de ${limit} solicitudes por minuto. Intenta nuevamente en ${resetSeconds} ${resetSeconds === 1 ? 'segundo' : 'segundos'}.`);
    this.retryAfterSeconds = resetSeconds;
  }
}
