import type { Prisma } from '../../../../generated/prisma/client';
import type { PrismaService, Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';
import type { OwnLaboratoryInput } from '../../../../contracts/laboratories';

/** A laboratory branch as a form registers it (the wire type the web's branch form sends); an edit sends any part of it. */
export type LaboratoryInput = OwnLaboratoryInput;

/** The company, comuna and insurers a laboratory points to must exist (one 400 naming each missing one). */
export async function assertLaboratoryReferences(tx: Tx, input: Partial<LaboratoryInput>): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.companyId !== undefined && !(await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } }))) errors.companyId = ['La empresa indicada no existe.'];
  if (input.comunaId !== undefined && !(await tx.location.findFirst({ where: { id: input.comunaId, kind: 'COMUNA' }, select: { id: true } }))) errors.comunaId = ['La comuna indicada no existe.'];
  if (input.insurerIds?.length && (await tx.insurer.count({ where: { id: { in: input.insurerIds } } })) !== new Set(input.insurerIds).size) errors.insurerIds = ['Alguna de las previsiones no existe.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The laboratory's own columns among the input (insurers are rows of their own). */
export function laboratoryColumns<I extends Partial<LaboratoryInput>>(input: I): Omit<I, 'insurerIds' | 'openingHours' | 'homeCollection' | 'fees'> & { openingHours?: Prisma.InputJsonArray } {
  const { insurerIds: _, homeCollection: __, fees: ___, openingHours, ...columns } = input;
  return { ...columns, ...(openingHours && { openingHours: openingHours.map(({ day, opens, closes }) => ({ day, opens, closes })) }) };
}

/**
 * Whether a branch takes the FONASA bono is its MLE level (the one source of truth): FONASA among its insurers is
 * derived from it by the database. Listing FONASA (or a tramo) for a branch left without a level is contradictory,
 * and refused in words the form shows on the level. docs/decisions.md, "Home collection and the FONASA bono".
 */
export async function assertFonasaCoherent(tx: Tx | PrismaService, insurerIds: number[] | undefined, fonasaLevel: number | null): Promise<void> {
  if (fonasaWithoutLevel(insurerIds, fonasaLevel, await fonasaBonoInsurers(tx))) throw new ValidationError({ fonasaLevel: [FONASA_NEEDS_LEVEL] });
}

export const FONASA_NEEDS_LEVEL = 'Para atender con bono FONASA indica el nivel FONASA (MLE) de la sucursal.';

/** The insurers a FONASA bono stands for: FONASA and its tramos B-D (tramo A has no bono). */
export async function fonasaBonoInsurers(db: Tx | PrismaService): Promise<Set<number>> {
  return new Set((await db.insurer.findMany({ where: { type: 'public', code: { not: 'fonasa_a' } }, select: { id: true } })).map((i) => i.id));
}

/** Whether the insurers name FONASA for a branch without an MLE level: the contradiction the rule above refuses. */
export const fonasaWithoutLevel = (insurerIds: number[] | undefined, fonasaLevel: number | null, bono: Set<number>) =>
  fonasaLevel === null && (insurerIds ?? []).some((id) => bono.has(id));

/**
 * The database derives FONASA and the bono payment from the level when the transaction commits (deferred
 * triggers, migration 20261128000601): settled now, so that what the command answers is what is stored.
 */
export async function settleFonasaFacts(tx: Tx): Promise<void> {
  await tx.$executeRaw`SET CONSTRAINTS laboratory_fonasa_bono, laboratory_insurer_fonasa_bono, laboratory_attribute_fonasa_bono IMMEDIATE`;
}

export async function replaceInsurers(tx: Tx, laboratoryId: number, insurerIds: number[]): Promise<void> {
  await tx.laboratoryInsurer.deleteMany({ where: { laboratoryId } });
  await tx.laboratoryInsurer.createMany({ data: [...new Set(insurerIds)].map((insurerId) => ({ laboratoryId, insurerId })) });
}

/** The names of the fields an edit sends (what `LaboratoryUpdated.fields` and the audit row list). */
export const sentFields = (input: object) => Object.entries(input).filter(([, value]) => value !== undefined).map(([field]) => field);
