import type { Actor } from '../auth/actor';
import type { Tx } from '../database/prisma.service';

export interface AuditEntry {
  actor: Actor;
  /** What was done, e.g. `person.deleted`, `company.approved`. */
  action: string;
  entityType: string;
  entityId: string | number;
  details?: Record<string, string | number | boolean | null>;
  ip?: string;
}

/** Records an administrator's (or provider's) action on accounts, in the action's own transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actor.personId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      // Done through a company's API key: the row names its creator and says which key.
      details: { ...entry.details, actorProfile: entry.actor.profile, ...(entry.actor.apiKeyId !== undefined && { apiKeyId: entry.actor.apiKeyId }) },
      ip: entry.ip?.slice(0, 64),
    },
  });
}
