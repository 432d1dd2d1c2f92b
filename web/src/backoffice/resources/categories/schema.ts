import type { CategoryInput, CategoryView, FieldErrors, ImageRef } from '@contracts';

export interface CategoryValues {
  name: string;
  description: string;
  parentId: number | null;
  coverFileId: number | null;
  cover: ImageRef | null;
  sortOrder: number | null;
  isActive: boolean;
}

export const emptyCategory: CategoryValues = { name: '', description: '', parentId: null, coverFileId: null, cover: null, sortOrder: 0, isActive: true };

export const categoryValues = (c: CategoryView): CategoryValues => ({
  name: c.name,
  description: c.description ?? '',
  parentId: c.parent?.id ?? null,
  coverFileId: c.cover?.id ?? null,
  cover: c.cover,
  sortOrder: c.sortOrder,
  isActive: c.isActive,
});

export const categoryInput = (v: CategoryValues): CategoryInput => ({
  name: v.name.trim(),
  description: v.description.trim() || null,
  parentId: v.parentId,
  coverFileId: v.coverFileId,
  sortOrder: v.sortOrder ?? 0,
  isActive: v.isActive,
});

export function validateCategory(v: CategoryValues): FieldErrors {
  return v.name.trim() ? {} : { name: ['Ingresa el nombre de la categoría.'] };
}
