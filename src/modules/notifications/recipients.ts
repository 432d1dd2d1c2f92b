import type { MailKind } from '../../contracts/mail-preferences';
import type { Tx } from '../../platform/database/prisma.service';

/** Someone a back-office mail goes to. */
export interface Recipient {
  email: string;
  firstName: string;
}

/** A provider user of a company, and the branches of it they see (null: all of them). */
export interface CompanyStaff extends Recipient {
  companyId: number;
  laboratoryIds: Set<number> | null;
}

/** An account that may be mailed and did not turn `kind` off. */
const reachable = (kind: MailKind) => ({ isActive: true, NOT: { mailOptOuts: { has: kind } } });

/** Active administrators who did not turn `kind` off. */
export async function administrators(tx: Tx, kind: MailKind): Promise<Recipient[]> {
  const rows = await tx.person.findMany({
    where: { deletedAt: null, profile: { code: 'ADM' }, user: reachable(kind) },
    select: { firstName: true, user: { select: { email: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.flatMap((row) => (row.user ? [{ email: row.user.email, firstName: row.firstName }] : []));
}

/**
 * The provider users of these companies who did not turn `kind` off, each with the branches they see: the same rule
 * as their sessions (docs/decisions.md, "Person visibility"): no grant on a branch of their company, or one on the
 * company itself, means every branch.
 */
export async function companyStaff(tx: Tx, companyIds: number[], kind: MailKind): Promise<CompanyStaff[]> {
  const rows = await tx.person.findMany({
    where: { companyId: { in: companyIds }, deletedAt: null, profile: { code: 'PRV' }, user: reachable(kind) },
    select: {
      firstName: true, companyId: true, user: { select: { email: true } },
      visibilities: { where: { isActive: true }, select: { companyId: true, laboratoryId: true, laboratory: { select: { companyId: true } } } },
    },
    orderBy: { id: 'asc' },
  });
  return rows.flatMap((row) => {
    if (!row.user || row.companyId === null) return [];
    const companyId = row.companyId;
    const own = row.visibilities.filter((g) => (g.laboratoryId === null ? g.companyId === companyId : g.laboratory?.companyId === companyId));
    const whole = own.length === 0 || own.some((g) => g.laboratoryId === null);
    return [{ email: row.user.email, firstName: row.firstName, companyId, laboratoryIds: whole ? null : new Set(own.map((g) => g.laboratoryId as number)) }];
  });
}
