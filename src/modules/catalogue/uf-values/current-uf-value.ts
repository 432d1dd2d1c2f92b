import { chileDay, dateAsDay, dayAsDate } from '../../../platform/chile/calendar';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';

/**
 * The UF that turns a cap in UF into pesos on the day `on` falls on in Chile (today by default): the
 * latest value dated that day or before; a value dated ahead is not valid yet. Null while none is.
 */
export async function currentUfValue(db: PrismaService | Tx, on: Date = new Date()): Promise<{ validOn: string; value: number } | null> {
  const row = await latestUfValue(db, on);
  return row && { validOn: row.validOn, value: row.value };
}

/** As `currentUfValue`, with the row's id (the public `GET /api/uf-value` answers it). */
export async function latestUfValue(db: PrismaService | Tx, on: Date = new Date()): Promise<{ id: number; validOn: string; value: number } | null> {
  const row = await db.ufValue.findFirst({ where: { validOn: { lte: dayAsDate(chileDay(on)) } }, orderBy: { validOn: 'desc' }, select: { id: true, validOn: true, value: true } });
  return row && { id: row.id, validOn: dateAsDay(row.validOn), value: row.value.toNumber() };
}
