import type { ContentSlot, ContentSlotInput, FieldErrors, ImageRef } from '@contracts';
import { chileDay, chileDayStart, nextDay, previousDay } from '../../crud/chileDays';

/** Banners and slides have the same form: what differs is the resource and its words. */
export type SlotResource = 'banners' | 'sliders';

export const SLOT_WORDS: Record<SlotResource, { one: string; many: string; title: string; basePath: string; created: string; saved: string; removed: string; entityType: string; newLabel: string }> = {
  banners: { one: 'banner', many: 'banners', title: 'Banners', basePath: '/app/banners', created: 'Creamos el banner.', saved: 'Guardamos el banner.', removed: 'Eliminamos el banner.', entityType: 'Banner', newLabel: 'Nuevo banner' },
  sliders: { one: 'slide', many: 'slides', title: 'Sliders', basePath: '/app/sliders', created: 'Creamos el slide.', saved: 'Guardamos el slide.', removed: 'Eliminamos el slide.', entityType: 'Slider', newLabel: 'Nuevo slide' },
};

export interface SlotValues {
  title: string;
  subtitle: string;
  link: string;
  imageFileId: number | null;
  image: ImageRef | null;
  sortOrder: number | null;
  isActive: boolean;
  /** Chilean calendar days; the last one included. */
  startsAt: string;
  endsAt: string;
}

export const emptySlot: SlotValues = { title: '', subtitle: '', link: '', imageFileId: null, image: null, sortOrder: 0, isActive: true, startsAt: '', endsAt: '' };

export const slotValues = (slot: ContentSlot): SlotValues => ({
  title: slot.title,
  subtitle: slot.subtitle ?? '',
  link: slot.link ?? '',
  imageFileId: slot.image?.id ?? null,
  image: slot.image,
  sortOrder: slot.sortOrder,
  isActive: slot.isActive,
  startsAt: chileDay(slot.startsAt),
  endsAt: slot.endsAt ? previousDay(chileDay(slot.endsAt)) : '',
});

export const slotInput = (values: SlotValues): ContentSlotInput => ({
  title: values.title.trim(),
  subtitle: values.subtitle.trim() || null,
  link: values.link.trim() || null,
  imageFileId: values.imageFileId,
  sortOrder: values.sortOrder ?? 0,
  isActive: values.isActive,
  startsAt: values.startsAt ? chileDayStart(values.startsAt) : null,
  // "Hasta el 30" includes the 30th: the stored end is the start of the next day.
  endsAt: values.endsAt ? chileDayStart(nextDay(values.endsAt)) : null,
});

export function validateSlot(values: SlotValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.title.trim()) errors.title = ['Ingresa el título.'];
  const link = values.link.trim();
  if (link && !((link.startsWith('/') && !link.startsWith('//')) || /^https:\/\//.test(link))) errors.link = ['El enlace es una ruta del sitio (/paquetes) o una dirección https://.'];
  if (values.startsAt && values.endsAt && values.endsAt < values.startsAt) errors.endsAt = ['El término debe ser posterior al inicio.'];
  return errors;
}
