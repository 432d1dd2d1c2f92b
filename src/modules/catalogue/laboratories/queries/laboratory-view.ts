import type { Prisma } from '../../../../generated/prisma/client';
import type { HomeCollection } from '../../../../contracts/laboratories';
import { toVisitFee } from '../visit-fees/visit-fees';

export type OpeningHours = {
  /** ISO weekday, Monday = 1 ... Sunday = 7; 8 = public holidays. */
  day: number;
  opens: string;
  closes: string;
};

/** What the back office reads of a laboratory (`GET /api/priv/laboratory/{id}`, and what its commands answer). */
export const LABORATORY_SELECT = {
  id: true, branchCode: true, identifierName: true, addressLine1: true, addressLine2: true, lat: true, lng: true, phone: true, email: true, website: true,
  openingHours: true, fonasaLevel: true, isActive: true, createdAt: true, updatedAt: true,
  company: { select: { id: true, tradeName: true, status: true } },
  comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
  insurers: { select: { insurer: { select: { id: true, code: true, name: true } } } },
  fees: { select: { kind: true, amount: true, startsAt: true, endsAt: true }, orderBy: { kind: 'asc' } },
  // Published: authorized and offered (what "Exámenes publicados" says, and what makes a branch public when browsing).
  _count: { select: { exams: { where: { status: 'AUTHORIZED', isActive: true } } } },
} as const satisfies Prisma.LaboratorySelect;

type LaboratoryRow = Prisma.LaboratoryGetPayload<{ select: typeof LABORATORY_SELECT }>;

export const toLaboratoryView = ({ insurers, _count, fees, openingHours, ...lab }: LaboratoryRow, homeCollection: HomeCollection | null) => ({
  // The column is JSON; the branch form's schema decides its shape.
  ...lab, openingHours: openingHours as OpeningHours[] | null, insurers: insurers.map((i) => i.insurer), examCount: _count.exams, homeCollection, fees: fees.map(toVisitFee),
});

export type LaboratoryView = ReturnType<typeof toLaboratoryView>;
