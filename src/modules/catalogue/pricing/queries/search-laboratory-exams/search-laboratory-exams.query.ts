import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../../contracts/envelope';
import { Prisma } from '../../../../../generated/prisma/client';
import type { Actor } from '../../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../../platform/database/find-page';
import { PrismaService, type Tx } from '../../../../../platform/database/prisma.service';
import type { AuthorizationStatus } from '../../domain/laboratory-exam';
import { LABORATORY_EXAM_SELECT, type LaboratoryExamView } from '../laboratory-exam-view';

/** How far a price may be from the FONASA level-1 value before the queue flags it (`far`: 3×, `extreme`: 10×). */
export const DEVIATION_FACTOR = { far: 3, extreme: 10 } as const;

export interface LaboratoryExamFilter extends Paging {
  laboratoryId?: number;
  examId?: number;
  status?: AuthorizationStatus;
  companyId?: number;
  comunaId?: number;
  deviation?: keyof typeof DEVIATION_FACTOR;
  /** Part of the exam's name, or the start of its FONASA code (dots and dashes ignored). */
  term?: string;
  /** False: only withdrawn offers; absent: both. */
  isActive?: boolean;
  orderBy?: 'code' | 'name' | 'price' | 'status' | 'updatedAt' | 'laboratory' | 'exam';
  orderSort?: 'asc' | 'desc';
}

const examTerm = (term: string): Prisma.ExamWhereInput => {
  const digits = term.replace(/[.\s-]/g, '');
  return { OR: [{ name: { contains: term, mode: 'insensitive' } }, ...(/^\d+$/.test(digits) ? [{ code: { startsWith: digits } }] : [])] };
};

/** Offers of the laboratories the caller may see (a provider: its company's; an administrator: all). */
export class SearchLaboratoryExamsQuery extends Query<Page<LaboratoryExamView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: LaboratoryExamFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoryExamsQuery)
export class SearchLaboratoryExamsHandler implements IQueryHandler<SearchLaboratoryExamsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchLaboratoryExamsQuery) {
    const where = await laboratoryExamWhere(this.prisma, actor, filter);
    const sort = filter.orderSort ?? (filter.orderBy === 'updatedAt' ? 'desc' : 'asc');
    const orderBy: Prisma.LaboratoryExamOrderByWithRelationInput[] =
      filter.orderBy === 'price' ? [{ price: sort }, { id: 'asc' }]
      : filter.orderBy === 'updatedAt' ? [{ updatedAt: sort }, { id: 'asc' }]
      : filter.orderBy === 'laboratory' ? [{ laboratory: { identifierName: sort } }, { id: 'asc' }]
      : filter.orderBy === 'exam' || filter.orderBy === 'name' ? [{ exam: { name: sort } }, { id: 'asc' }]
      : filter.orderBy === 'code' ? [{ exam: { code: sort } }, { id: 'asc' }]
      : filter.orderBy === 'status' ? [{ status: sort }, { id: 'asc' }]
      : [{ laboratoryId: 'asc' }, { examId: 'asc' }];
    return findPage(
      filter,
      (window) => this.prisma.laboratoryExam.findMany({ where, select: LABORATORY_EXAM_SELECT, orderBy, ...window }),
      () => this.prisma.laboratoryExam.count({ where }),
    );
  }
}

/**
 * The offers a filter names, within what the caller may see (a provider: its company's; an administrator: all): the
 * list's rows, and the prices an administrator decides at once when they take every one matching the filter.
 */
export async function laboratoryExamWhere(db: PrismaService | Tx, actor: Actor, filter: Omit<LaboratoryExamFilter, keyof Paging | 'orderBy' | 'orderSort'>): Promise<Prisma.LaboratoryExamWhereInput> {
  return {
    // Both the caller's scope and the company asked for: a provider asking for another company gets nothing.
    laboratory: { AND: [laboratoryScope(actor), filter.companyId ? { companyId: filter.companyId } : {}], ...(filter.comunaId && { comunaId: filter.comunaId }) },
    ...(filter.laboratoryId && { laboratoryId: filter.laboratoryId }),
    ...(filter.examId && { examId: filter.examId }),
    ...(filter.status && { status: filter.status }),
    ...(filter.isActive !== undefined && { isActive: filter.isActive }),
    ...(filter.term && { exam: examTerm(filter.term) }),
    ...(filter.deviation && { id: { in: await deviating(db, DEVIATION_FACTOR[filter.deviation], filter.status) } }),
  };
}

/** Offers priced at least `factor` times above or below their exam's FONASA level-1 value (the rest of the filter narrows them). */
async function deviating(db: PrismaService | Tx, factor: number, status?: AuthorizationStatus): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT le.id FROM laboratory_exam le JOIN exam e ON e.id = le.exam_id
    WHERE e.fonasa_price_level1 > 0
      AND (le.price >= ${factor} * e.fonasa_price_level1 OR le.price * ${factor} <= e.fonasa_price_level1)
      ${status ? Prisma.sql`AND le.status::text = ${status}` : Prisma.empty}`;
  return rows.map((row) => row.id);
}
