import type { Prisma } from '../../../../generated/prisma/client';
import type { Tx } from '../../../../platform/database/prisma.service';
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
export function laboratoryColumns<I extends Partial<LaboratoryInput>>(input: I): Omit<I, 'insurerIds' | 'openingHours'> & { openingHours?: Prisma.InputJsonArray } {
  const { insurerIds: _, openingHours, ...columns } = input;
  return { ...columns, ...(openingHours && { openingHours: openingHours.map(({ day, opens, closes }) => ({ day, opens, closes })) }) };
}

export async function replaceInsurers(tx: Tx, laboratoryId: number, insurerIds: number[]): Promise<void> {
  await tx.laboratoryInsurer.deleteMany({ where: { laboratoryId } });
  await tx.laboratoryInsurer.createMany({ data: [...new Set(insurerIds)].map((insurerId) => ({ laboratoryId, insurerId })) });
}

/** The names of the fields an edit sends (what `LaboratoryUpdated.fields` and the audit row list). */
export const sentFields = (input: object) => Object.entries(input).filter(([, value]) => value !== undefined).map(([field]) => field);
