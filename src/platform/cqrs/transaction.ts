/**
 * The open transaction of a unit of work as ports see it: repositories take it and hand it back to their adapter,
 * which alone knows it is Prisma's (`transaction as Tx`). So a port, and a fake of it in a spec, names no database
 * type (a fake is given any object).
 */
export type Transaction = object;
