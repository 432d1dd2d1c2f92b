import { ForbiddenError, type Actor } from '../../../platform/auth/actor';
import { assertCompanyAccess } from '../../../platform/cqrs/company-scope';
import type { Tx } from '../../../platform/database/prisma.service';
import { invalidField } from '../../../platform/http/app-error';
import type { WebhookDeliveryStatus, WebhookEndpoint, WebhookEventType } from '../../../contracts/webhooks';
import type { ServerSide } from '../../../platform/http/envelope';
import { COMPANY_REQUIRED, WebhookEndpointNotFoundError, WHOLE_COMPANY_ONLY } from './webhooks.errors';

type Db = Pick<Tx, 'webhookEndpoint' | 'company'>;

/** A provider limited to some branches by visibility grants does not see or manage webhooks (they carry every branch). */
export function assertWholeCompany(actor: Actor): void {
  if (actor.profile !== 'ADM' && actor.laboratoryIds) throw new ForbiddenError(WHOLE_COMPANY_ONLY);
}

/** The company a new endpoint belongs to: a provider's own; an administrator's choice, which must exist. */
export async function companyFor(db: Db, actor: Actor, requested: number | undefined): Promise<number> {
  assertWholeCompany(actor);
  const companyId = actor.profile === 'ADM' ? requested : (actor.companyId ?? undefined);
  if (companyId === undefined) throw invalidField('companyId', COMPANY_REQUIRED);
  const company = await db.company.findUnique({ where: { id: companyId }, select: { id: true } });
  if (!company) throw invalidField('companyId', 'La empresa indicada no existe.');
  return companyId;
}

/** The endpoint, if the caller may touch it (another company's answers not found). */
export async function accessibleEndpoint(db: Db, actor: Actor, endpointId: number) {
  assertWholeCompany(actor);
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId }, select: ENDPOINT_SELECT });
  if (!endpoint) throw new WebhookEndpointNotFoundError();
  assertCompanyAccess(actor, endpoint.companyId, () => new WebhookEndpointNotFoundError());
  return endpoint;
}

export const ENDPOINT_SELECT = {
  id: true, companyId: true, url: true, events: true, active: true, createdAt: true,
  deliveries: { select: { status: true, createdAt: true }, orderBy: { id: 'desc' as const }, take: 1 },
} as const;

export function toEndpointView(row: { id: number; companyId: number; url: string; events: string[]; active: boolean; createdAt: Date; deliveries: { status: string; createdAt: Date }[] }): ServerSide<WebhookEndpoint> {
  const last = row.deliveries[0];
  return {
    id: row.id, companyId: row.companyId, url: row.url, events: row.events as WebhookEventType[], active: row.active, createdAt: row.createdAt,
    lastDelivery: last ? { status: last.status as WebhookDeliveryStatus, at: last.createdAt } : null,
  };
}
