import { Prisma } from '../../../../generated/prisma/client';
import type { VisitFeeInput } from '../../../../contracts/laboratories';
import { takesFonasaBonoSql } from '../../exams';
import type { Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';

/**
 * The fees a branch charges apart from the exams (issue 30): `laboratory_fee`, one row per kind. The quote
 * adds the sample taking the order needs once per visit (search-index.ts `VisitFee`); the after-hours
 * surcharge is shown with its hours, since the patient chooses when to go. docs/decisions.md, "The whole visit".
 */
/** Replaces a branch's fees (none: an empty list), in the caller's transaction. */
export async function replaceVisitFees(tx: Tx, laboratoryId: number, fees: VisitFeeInput[]): Promise<void> {
  const kinds = fees.map((f) => f.kind);
  if (new Set(kinds).size !== kinds.length) throw new ValidationError({ fees: ['Cada cobro se indica una sola vez.'] });
  await tx.laboratoryFee.deleteMany({ where: { laboratoryId } });
  if (fees.length === 0) return;
  await tx.laboratoryFee.createMany({
    data: fees.map((f) => ({ laboratoryId, kind: f.kind, amount: f.amount, startsAt: f.kind === 'AFTER_HOURS' ? f.startsAt : null, endsAt: f.kind === 'AFTER_HOURS' ? f.endsAt : null })),
  });
}

/** A fee as the form edits it: hours only on the surcharge. */
export const toVisitFee = ({ kind, amount, startsAt, endsAt }: VisitFeeInput): VisitFeeInput => ({ kind, amount, ...(kind === 'AFTER_HOURS' && { startsAt, endsAt }) });

/**
 * The sample-taking fees of branch `l` as the search's read models keep them: each kind's amount (null: not
 * charged) and the MLE level at which a FONASA bono covers them (null: the branch takes no bono).
 */
export function sampleFeeColumns(l: string) {
  const fee = (kind: string) => Prisma.sql`(SELECT f.amount FROM laboratory_fee f WHERE f.laboratory_id = ${Prisma.raw(l)}.id AND f.kind = ${kind}::laboratory_fee_kind)`;
  return {
    venous: fee('VENOUS'),
    capillary: fee('CAPILLARY'),
    pediatric: fee('PEDIATRIC'),
    bonoLevel: Prisma.sql`CASE WHEN ${takesFonasaBonoSql(l)} THEN ${Prisma.raw(l)}.fonasa_level END`,
  };
}
