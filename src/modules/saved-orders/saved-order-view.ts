import type { SavedOrder } from '../../contracts/saved-orders';
import type { Prisma } from '../../generated/prisma/client';
import type { ServerSide } from '../../platform/http/envelope';

export const SAVED_ORDER_SELECT = {
  id: true, label: true, examIds: true, comunaId: true, regionId: true, nearLocations: true, insurerId: true, coveragePercentage: true, savedAt: true,
} as const satisfies Prisma.SavedOrderSelect;

export function toSavedOrderView(row: Prisma.SavedOrderGetPayload<{ select: typeof SAVED_ORDER_SELECT }>): ServerSide<SavedOrder> {
  return {
    id: row.id, label: row.label, examIds: row.examIds, location: row.comunaId, locationFk: row.regionId, nearLocations: row.nearLocations,
    pensionHealtInstitutionId: row.insurerId, coveragePercentage: row.coveragePercentage, savedAt: row.savedAt,
  };
}
