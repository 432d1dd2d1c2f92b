import type { Prisma } from '../../../../../generated/prisma/client';

/** A laboratory the public may see: open, of a company an administrator approved. */
export const PUBLIC_LABORATORY = { isActive: true, company: { status: 'APPROVED' } } satisfies Prisma.LaboratoryWhereInput;
