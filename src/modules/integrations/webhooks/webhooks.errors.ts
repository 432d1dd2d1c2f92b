import { HttpStatus } from '@nestjs/common';
import { AppError, ConflictError, NotFoundError } from '../../../platform/http/app-error';

/** Another company's endpoint answers exactly like one that does not exist. */
export class WebhookEndpointNotFoundError extends NotFoundError {
  constructor() {
    super('WEBHOOK.ENDPOINT_NOT_FOUND', 'El webhook no existe.');
  }
}

export class WebhookDeliveryNotFoundError extends NotFoundError {
  constructor() {
    super('WEBHOOK.DELIVERY_NOT_FOUND', 'El envío no existe.');
  }
}

/** The URL is not one a webhook may use (scheme, syntax, or a private host: SSRF); the message names why, on `url`. */
export class WebhookUrlRefusedError extends AppError {
  constructor(message: string) {
    super(HttpStatus.BAD_REQUEST, 'WEBHOOK.URL_REFUSED', message, { url: [message] });
  }
}

export class WebhookEndpointPausedError extends ConflictError {
  constructor() {
    super('WEBHOOK.ENDPOINT_PAUSED', 'El webhook está en pausa: reactívalo para reenviar.');
  }
}

export class TooManyWebhookEndpointsError extends ConflictError {
  constructor(max: number) {
    super('WEBHOOK.TOO_MANY_ENDPOINTS', `Una empresa puede registrar hasta ${max} webhooks.`);
  }
}

/** Administrators must say whose webhook it is; a provider's is always its own company's. */
export const COMPANY_REQUIRED = 'Indica la empresa.';
/** Webhooks carry every branch's facts: a provider limited to some branches does not manage them. */
export const WHOLE_COMPANY_ONLY = 'Solo un usuario con acceso a todas las sucursales de la empresa puede administrar sus webhooks.';
