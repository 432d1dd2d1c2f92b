import type { Tx } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { slugOf } from '../category-view';

/** The parent exists and is not the category itself or one of its descendants (no loops in the tree). */
export async function assertParent(tx: Tx, categoryId: number | null, parentId: number | null | undefined): Promise<void> {
  if (!parentId) return;
  let current: number | null = parentId;
  for (let depth = 0; current !== null; depth++) {
    if (current === categoryId || depth > 20) throw invalidField('parentId', 'Una categoría no puede estar dentro de sí misma.');
    const row: { parentId: number | null } | null = await tx.category.findUnique({ where: { id: current }, select: { parentId: true } });
    if (!row) throw invalidField('parentId', 'La categoría superior no existe.');
    current = row.parentId;
  }
}

export async function assertCover(tx: Tx, coverFileId: number | null | undefined): Promise<void> {
  if (coverFileId && !(await tx.file.findUnique({ where: { id: coverFileId }, select: { id: true } }))) {
    throw invalidField('coverFileId', 'La imagen no existe; súbela de nuevo.');
  }
}

/** A slug no other category has: the name's, or with -2, -3... */
export async function freeSlug(tx: Tx, name: string, exceptId: number | null): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await tx.category.findMany({ where: { slug: { startsWith: base }, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { slug: true } })).map((c) => c.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
