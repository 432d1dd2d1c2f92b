import type { HomeCollection, HomeCollectionInput } from '../../../../contracts/laboratories';
import type { PrismaService, Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';

/**
 * Home sample collection has one source of truth: `laboratory_home_comuna` (the comunas a branch reaches, each
 * with its fee). The search, the cards, the laboratory page and the checkout read it; the "Toma de muestra a
 * domicilio" service attribute (the search's filter value) is written from it, never edited on its own.
 * docs/decisions.md, "Home collection and the FONASA bono".
 */
export const HOME_COLLECTION_CODE = 'TOMA_DOMICILIO';
export const MAX_HOME_COMUNAS = 60;

type Db = Tx | PrismaService;

/** The home collection of these branches (absent: none), comunas by name. */
export async function readHomeCollections(db: Db, laboratoryIds: number[]): Promise<Map<number, HomeCollection>> {
  const rows = laboratoryIds.length === 0 ? [] : await db.laboratoryHomeComuna.findMany({
    where: { laboratoryId: { in: laboratoryIds } },
    select: { laboratoryId: true, fee: true, comuna: { select: { id: true, name: true } } },
  });
  const byLab = new Map<number, HomeCollection['comunas']>();
  for (const row of rows) {
    const list = byLab.get(row.laboratoryId) ?? [];
    list.push({ id: row.comuna.id, name: row.comuna.name, fee: row.fee });
    byLab.set(row.laboratoryId, list);
  }
  const result = new Map<number, HomeCollection>();
  for (const [id, comunas] of byLab) result.set(id, toHomeCollection(comunas));
  return result;
}

export async function readHomeCollection(db: Db, laboratoryId: number, ownComunaId?: number): Promise<HomeCollection | null> {
  const home = (await readHomeCollections(db, [laboratoryId])).get(laboratoryId) ?? null;
  // The branch's own comuna first, then by name: "A domicilio en Maipú, Cerrillos…".
  if (home && ownComunaId !== undefined) home.comunas.sort((a, b) => Number(b.id === ownComunaId) - Number(a.id === ownComunaId) || a.name.localeCompare(b.name, 'es'));
  return home;
}

export function toHomeCollection(comunas: HomeCollection['comunas']): HomeCollection {
  const fees = comunas.map((c) => c.fee);
  const sorted = [...comunas].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return { fee: Math.min(...fees), sameFee: fees.every((fee) => fee === fees[0]), comunas: sorted };
}

/** The fee a branch charges to take samples in this comuna, or null when its home collection does not reach it. */
export async function homeFeeAt(db: Db, laboratoryId: number, comunaId: number): Promise<number | null> {
  const row = await db.laboratoryHomeComuna.findUnique({ where: { laboratoryId_comunaId: { laboratoryId, comunaId } }, select: { fee: true } });
  return row?.fee ?? null;
}

/**
 * Replaces a branch's home collection (null or no comunas: none) and keeps the service attribute in step with it,
 * in the caller's transaction. Comunas must exist; a comuna's own fee overrides the general one.
 */
export async function replaceHomeCollection(tx: Tx, laboratoryId: number, input: HomeCollectionInput | null): Promise<void> {
  const comunas = input?.comunas ?? [];
  const ids = [...new Set(comunas.map((c) => c.id))];
  if (ids.length > 0 && (await tx.location.count({ where: { id: { in: ids }, kind: 'COMUNA' } })) !== ids.length) {
    throw new ValidationError({ homeCollection: ['Alguna de las comunas de la toma a domicilio no existe.'] });
  }
  await tx.laboratoryHomeComuna.deleteMany({ where: { laboratoryId } });
  if (input && ids.length > 0) {
    const feeOf = new Map(comunas.map((c) => [c.id, c.fee ?? input.fee]));
    await tx.laboratoryHomeComuna.createMany({ data: ids.map((comunaId) => ({ laboratoryId, comunaId, fee: feeOf.get(comunaId)! })) });
  }
  await syncHomeCollectionAttribute(tx, laboratoryId, ids.length > 0);
}

/** The service attribute says what the comunas say: present exactly when the branch reaches some comuna. */
async function syncHomeCollectionAttribute(tx: Tx, laboratoryId: number, offered: boolean): Promise<void> {
  const child = await tx.selectListChild.findFirst({ where: { code: HOME_COLLECTION_CODE }, select: { id: true, typeId: true } });
  if (!child) return;
  if (!offered) {
    await tx.laboratoryAttribute.deleteMany({ where: { laboratoryId, selectListChildId: child.id } });
    return;
  }
  const existing = await tx.laboratoryAttribute.findFirst({ where: { laboratoryId, selectListChildId: child.id }, select: { id: true } });
  if (!existing) await tx.laboratoryAttribute.create({ data: { laboratoryId, selectListTypeId: child.typeId, selectListChildId: child.id } });
}

/**
 * Derived attributes: home collection (from its comunas) and the "Bono electrónico FONASA" payment (from the MLE
 * level, by the database). The attribute screens refuse to set, move or remove them by hand.
 */
const DERIVED_ATTRIBUTES: Record<string, string> = {
  [HOME_COLLECTION_CODE]: 'La toma de muestra a domicilio se edita en los datos de la sucursal (comunas y costo).',
  BONO_ELECTRONICO: 'El bono electrónico FONASA se indica con el nivel FONASA de la sucursal.',
};

export async function assertNotHomeCollectionAttribute(tx: Tx, selectListChildId: number | null | undefined): Promise<void> {
  if (!selectListChildId) return;
  const child = await tx.selectListChild.findUnique({ where: { id: selectListChildId }, select: { code: true } });
  const message = child ? DERIVED_ATTRIBUTES[child.code] : undefined;
  if (message) throw new ValidationError({ selectListChildId: [message] });
}
