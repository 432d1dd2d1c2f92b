import type { KeepQuoteRequest, KeptQuoteView, QuoteSnapshot } from '../../contracts/kept-quotes';
import type { OpeningHours } from '../../contracts/laboratories';
import type { PrismaService, Tx } from '../../platform/database/prisma.service';

/** How long a kept quote is a quote: 30 days (issue 30). */
export const QUOTE_VALID_DAYS = 30;
export const QUOTE_REF_PREFIX = 'CTZ';

/** What a kept quote stores: the request, and the exams' names as the order named them at the time. */
export interface StoredQuote {
  request: KeepQuoteRequest;
  snapshot: QuoteSnapshot;
}

type Db = PrismaService | Tx;

/** The laboratory as a quote prints it: its name, company, address, phone and weekly hours. */
export async function quotedLaboratory(db: Db, laboratoryId: number): Promise<KeptQuoteView['laboratory']> {
  const lab = await db.laboratory.findUniqueOrThrow({
    where: { id: laboratoryId },
    select: { id: true, identifierName: true, addressLine1: true, phone: true, openingHours: true, company: { select: { tradeName: true } }, comuna: { select: { name: true } } },
  });
  return {
    id: lab.id, name: lab.identifierName, companyName: lab.company.tradeName, address: lab.addressLine1, comuna: lab.comuna.name, phone: lab.phone,
    openingHours: (lab.openingHours ?? []) as unknown as OpeningHours[],
  };
}

/** The order's exams by the catalogue's name, with the words the order used where the patient gave them. */
export async function quotedExams(db: Db, request: KeepQuoteRequest): Promise<KeptQuoteView['exams']> {
  const rows = await db.exam.findMany({ where: { id: { in: request.exams } }, select: { id: true, name: true } });
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return request.exams.flatMap((id) => (byId.has(id) ? [{ id, name: byId.get(id)!, typed: request.typed?.[String(id)] ?? null }] : []));
}

/** The previsión of the request, as the quote names it. */
export async function quotedInsurer(db: Db, request: KeepQuoteRequest): Promise<KeptQuoteView['insurer']> {
  if (!request.pensionHealtInstitutionId) return null;
  return db.insurer.findUnique({ where: { id: request.pensionHealtInstitutionId }, select: { id: true, code: true, name: true, type: true } });
}
