import type { CategoryView } from '../../../contracts/commerce-catalogue';
import type { ServerSide } from '../../../platform/http/envelope';
import { IMAGE_REF_SELECT, imageRef } from '../media';

export const CATEGORY_VIEW_SELECT = {
  id: true, name: true, slug: true, description: true, sortOrder: true, isActive: true,
  parent: { select: { id: true, name: true } },
  coverFile: { select: IMAGE_REF_SELECT },
  _count: { select: { products: true } },
} as const;

type CategoryRow = {
  id: number; name: string; slug: string; description: string | null; sortOrder: number; isActive: boolean;
  parent: { id: number; name: string } | null; coverFile: { id: number; width: number | null } | null; _count: { products: number };
};

export function toCategoryView(row: CategoryRow): ServerSide<CategoryView> {
  const { coverFile, _count, ...fields } = row;
  return { ...fields, cover: imageRef(coverFile), productCount: _count.products };
}

/** "Chequeos preventivos" → "chequeos-preventivos": the address-friendly name of a category. */
export function slugOf(name: string): string {
  const slug = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);
  return slug || 'categoria';
}
