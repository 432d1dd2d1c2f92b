import type { UfValue } from '../../../contracts/uf-values';
import type { Prisma } from '../../../generated/prisma/client';
import { dateAsDay } from '../../../platform/chile/calendar';
import type { ServerSide } from '../../../platform/http/envelope';

export const UF_VALUE_SELECT = { id: true, validOn: true, value: true, createdAt: true, updatedAt: true } as const satisfies Prisma.UfValueSelect;

type UfValueRow = Prisma.UfValueGetPayload<{ select: typeof UF_VALUE_SELECT }>;

/** The day as 'YYYY-MM-DD' and the NUMERIC(10,2) as a number (below a million with 2 decimals: exact in a double). */
export const toUfValue = (row: UfValueRow) => ({ ...row, validOn: dateAsDay(row.validOn), value: row.value.toNumber() }) satisfies ServerSide<UfValue>;
