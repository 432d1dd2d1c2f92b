/** The fields of the unique constraint a Prisma write violated, or undefined for any other error. */
export function uniqueViolation(error: unknown): string[] | undefined {
  const e = error as { code?: string; meta?: { target?: string[] | string; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } };
  if (e?.code !== 'P2002') return undefined;
  const target = e.meta?.target ?? e.meta?.driverAdapterError?.cause?.constraint?.fields ?? [];
  return Array.isArray(target) ? target : [target];
}
