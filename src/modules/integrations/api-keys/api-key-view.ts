import type { ApiKey } from '../../../contracts/api-keys';
import type { Prisma } from '../../../generated/prisma/client';
import type { ServerSide } from '../../../platform/http/envelope';

const PERSON = { select: { id: true, firstName: true, lastName: true } } as const;

export const API_KEY_SELECT = {
  id: true, companyId: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true,
  createdBy: PERSON, revokedBy: PERSON,
} satisfies Prisma.ApiKeySelect;

type Row = Prisma.ApiKeyGetPayload<{ select: typeof API_KEY_SELECT }>;
const person = (p: { id: number; firstName: string; lastName: string }) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() });

/** The wire shape of a key: never its secret or its hash. */
export function toApiKeyView(row: Row): ServerSide<ApiKey> {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    prefix: row.prefix,
    status: row.revokedAt ? 'REVOKED' : 'ACTIVE',
    createdAt: row.createdAt,
    createdBy: person(row.createdBy),
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    revokedBy: row.revokedBy && person(row.revokedBy),
  };
}
