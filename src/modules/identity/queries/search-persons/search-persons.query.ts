import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Person, PersonSearchRequest } from '../../../../contracts/persons';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { Page, ServerSide } from '../../../../platform/http/envelope';
import { PERSON_SELECT, toPersonView, visiblePersons } from '../../person-view';

export type PersonFilter = Omit<PersonSearchRequest, 'currentPage' | 'perPage' | 'orderBy' | 'orderSort'> & Paging;

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
        visiblePersons(actor),
        ...words.map((word) => ({ OR: [{ firstName: { contains: word, mode: 'insensitive' as const } }, { lastName: { contains: word, mode: 'insensitive' as const } }] })),
        ...(filter.profileCode ? [{ profile: { code: filter.profileCode } }] : []),
        ...(filter.companyId ? [{ companyId: filter.companyId }] : []),
      ],
    };
    return findPage(
      filter,
      async (window) => (await this.prisma.person.findMany({ where, select: PERSON_SELECT, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], ...window })).map(toPersonView),
      () => this.prisma.person.count({ where }),
    );
  }
}
