import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ProfileCode } from './access-policy';
import { AppError } from '../http/app-error';

/** The signed-in caller of a request, as the access guard resolved it from the bearer token. */
export interface Actor {
  userId: number;
  personId: number;
  sessionId: string;
  email: string;
  profile: ProfileCode;
  /** The company of a provider user (PRV); null for the others. */
  companyId: number | null;
  /**
   * The laboratories of its company a provider user is narrowed to by active person-visibility
   * grants (resolved once per request); null or absent: the whole company (see laboratoryScope).
   */
  laboratoryIds?: number[] | null;
  /**
   * Set when the request came with a company's API key instead of a person's session: the actor is then the key's
   * creator (for audit and events), acting as a provider user who sees the whole company.
   */
  apiKeyId?: number;
}

export type RequestWithActor = Request & { actor?: Actor };

/** The caller of a signed-in route; injecting it on a public route yields undefined. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithActor>().actor);

/** The caller's IP address (behind the configured trusted proxies). */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>().ip ?? 'unknown');

export const isAdmin = (actor: Actor | undefined): actor is Actor => actor?.profile === 'ADM';

export class ForbiddenError extends AppError {
  constructor(message = 'No tienes permiso para realizar esta acción.') {
    super(403, 'AUTH.FORBIDDEN', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Debes iniciar sesión para continuar.', error = 'AUTH.UNAUTHENTICATED') {
    super(401, error, message);
  }
}
