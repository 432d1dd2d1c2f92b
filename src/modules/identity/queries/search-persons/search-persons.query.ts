import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Person, PersonOrder, PersonSearchRequest } from '../../../../contracts/persons';
import { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../platform/http/envelope';
import { PERSON_SELECT, toPersonView, visiblePersons } from '../../person-view';

export type PersonFilter = Omit<PersonSearchRequest, 'currentPage' | 'perPage' | 'orderBy' | 'orderSort'> & Paging & { orderBy?: PersonOrder; orderSort?: 'asc' | 'desc' };

/** Persons by name (`fullName` matches first and last names, in any order, without accents). */
export class SearchPersonsQuery extends Query<Page<ServerSide<Person>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: PersonFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchPersonsQuery)
export class SearchPersonsHandler implements IQueryHandler<SearchPersonsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchPersonsQuery) {
    const words = filter.fullName?.split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
    const where: Prisma.PersonWhereInput = {
      AND: [
        visiblePersons(actor, filter.status ?? 'active'),
        ...(words.length > 0 ? [{ id: { in: await this.matchingNames(words) } }] : []),
        ...(filter.profileCode ? [{ profile: { code: filter.profileCode } }] : []),
        ...(filter.companyId ? [{ companyId: filter.companyId }] : []),
      ],
    };
    const sort = filter.orderSort ?? (filter.orderBy && filter.orderBy !== 'name' ? 'desc' : 'asc');
    const orderBy: Prisma.PersonOrderByWithRelationInput[] =
      filter.orderBy === 'createdAt' ? [{ createdAt: sort }]
      : filter.orderBy === 'lastLoginAt' ? [{ user: { lastLoginAt: { sort, nulls: 'last' } } }]
      : [{ lastName: sort }, { firstName: sort }];
    return findPage(
      filter,
      async (window) => (await this.prisma.person.findMany({ where, select: PERSON_SELECT, orderBy: [...orderBy, { id: 'asc' }], ...window })).map(toPersonView),
      () => this.prisma.person.count({ where }),
    );
  }

  /** Persons whose first or last name holds every word, ignoring case and accents ("tecnologa" finds "Tecnóloga"). */
  private async matchingNames(words: string[]): Promise<number[]> {
    const conditions = words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return Prisma.sql`(cl_fold(first_name) LIKE cl_fold(${pattern}) OR cl_fold(last_name) LIKE cl_fold(${pattern}))`;
    });
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM person WHERE ${Prisma.join(conditions, ' AND ')} LIMIT 5000`;
    return rows.map((row) => row.id);
  }
}
