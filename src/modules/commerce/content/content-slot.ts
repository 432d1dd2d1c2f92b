import type { ContentSlot } from '../../../contracts/commerce-catalogue';
import type { Tx } from '../../../platform/database/prisma.service';
import type { ServerSide } from '../../../platform/http/envelope';
import { IMAGE_REF_SELECT, imageRef } from '../media';

/** Banners and sliders are the same thing in two places of the home page: one implementation, two tables. */
export type SlotKind = 'banner' | 'slider';

/**
 * The Prisma table of a kind. The two tables have the same columns (see schema.prisma), so the
 * slider's delegate is used through the banner's type; only the relation name to the file differs,
 * and neither is named here.
 */
export const slotTable = (tx: Tx, kind: SlotKind) => (kind === 'banner' ? tx.banner : (tx.slider as unknown as Tx['banner']));

export const SLOT_SELECT = {
  id: true, title: true, subtitle: true, link: true, sortOrder: true, isActive: true, startsAt: true, endsAt: true,
  imageFile: { select: IMAGE_REF_SELECT },
} as const;

/** Live: active and within its dates (either end open). */
export const liveWhere = (at: Date) => ({
  isActive: true,
  AND: [{ OR: [{ startsAt: null }, { startsAt: { lte: at } }] }, { OR: [{ endsAt: null }, { endsAt: { gt: at } }] }],
});

type SlotRow = {
  id: number; title: string; subtitle: string | null; link: string | null; sortOrder: number; isActive: boolean;
  startsAt: Date | null; endsAt: Date | null; imageFile: { id: number; width: number | null } | null;
};

export function toContentSlot(row: SlotRow, at = new Date()): ServerSide<ContentSlot> {
  const { imageFile, ...fields } = row;
  const isLive = row.isActive && (!row.startsAt || row.startsAt <= at) && (!row.endsAt || row.endsAt > at);
  return { ...fields, image: imageRef(imageFile), isLive };
}
