/**
 * Webhooks (issue 27, item 4): a company's endpoints, the events they receive and the log of their deliveries.
 * The event names and the payloads' shape are a public contract (docs/api/webhooks.md): add, never rename.
 */
export const WEBHOOK_EVENT_TYPES = ['price.authorized', 'price.rejected', 'import.finished', 'import.failed', 'order.paid', 'order.redeemed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How the back office names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'price.authorized': 'Precios autorizados',
  'price.rejected': 'Precios rechazados',
  'import.finished': 'Importación terminada',
  'import.failed': 'Importación fallida o rechazada',
  'order.paid': 'Orden pagada',
  'order.redeemed': 'Orden canjeada',
};

/** The body of every webhook POST: `data` depends on `type`. */
export interface WebhookEnvelope<T extends WebhookEventType = WebhookEventType, D = unknown> {
  /** `evt_<n>_<company>[_<part>]`: the same id for every endpoint of the company, and on every retry. */
  id: string;
  type: T;
  /** When the fact happened (ISO 8601, UTC). */
  createdAt: string;
  data: D;
}

/** One price in `price.authorized` / `price.rejected`. */
export interface WebhookPrice {
  laboratoryExamId: number;
  branch: { id: number; code: string | null; name: string };
  exam: { id: number; fonasaCode: string; name: string };
  price: number;
  status: 'AUTHORIZED' | 'REJECTED';
  reason: string | null;
}

export interface WebhookEndpoint {
  id: number;
  companyId: number;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  createdAt: string;
  /** The last delivery's outcome, to spot a failing endpoint in the list. */
  lastDelivery: { status: WebhookDeliveryStatus; at: string } | null;
}

/** Answered once, when the endpoint is created or its secret rotated: the secret is never shown again. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface CreateWebhookEndpointRequest {
  /** Administrators name the company; a provider's is its own. */
  companyId?: number;
  url: string;
  events: WebhookEventType[];
  active?: boolean;
}

export interface UpdateWebhookEndpointRequest {
  url?: string;
  events?: WebhookEventType[];
  active?: boolean;
}

export type WebhookDeliveryStatus = 'PENDING' | 'RETRYING' | 'SUCCEEDED' | 'FAILED';

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pendiente',
  RETRYING: 'Reintentando',
  SUCCEEDED: 'Entregado',
  FAILED: 'Fallido',
};

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  url: string;
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}

export interface WebhookAttempt {
  number: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The start of the endpoint's answer, at most 1 kB. */
  response: string | null;
}

/** `GET /api/webhook-delivery/:id`: a delivery with the body it sends and every attempt. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  body: string;
  attemptLog: WebhookAttempt[];
}
