import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * Facts about laboratory companies that others react to. Payloads carry the company id: consumers
 * (the provider mails, the search projector) re-read PostgreSQL, so a late or repeated delivery
 * never acts on stale data. A company an administrator creates has no laboratories yet: its
 * creation is only audited.
 */
const companyId = (p: { companyId: number }) => p.companyId;

/** Data of a company changed (`fields` names them): its laboratories show the new data. */
export const CompanyUpdated = defineEvent('CompanyUpdated', 'Company', (p: { companyId: number; fields: string[] }) => p.companyId);
/** An administrator approved a company: its authorized laboratories and prices may be quoted. */
export const CompanyApproved = defineEvent('CompanyApproved', 'Company', companyId);
/**
 * An administrator rejected a company (or withdrew its approval) and said why: its laboratories
 * leave quotes, its users are mailed the reason. Version 2 added `reason`; rows stored as version 1
 * have none (consumers read it as optional).
 */
export const CompanyRejected = defineEvent('CompanyRejected', 'Company', (p: { companyId: number; reason?: string }) => p.companyId, 2);

export type CompanyEvent = EventOf<typeof CompanyUpdated> | EventOf<typeof CompanyApproved> | EventOf<typeof CompanyRejected>;
