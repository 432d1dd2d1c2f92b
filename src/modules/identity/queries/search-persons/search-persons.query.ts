import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import type { Actor } from '../../platform/auth/actor';
import type { ProfileCode } from '../../platform/auth/access-policy';
import { PrismaService } from '../../platform/database/prisma.service';
import { NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { PERSON_VIEW, toPersonView, visiblePersons, type PersonView } from './person-view';

export interface PersonFilter {
  fullName?: string;
  profileCode?: ProfileCode;
  companyId?: number;
  currentPage: number;
  perPage: number;
}

/** Persons by name (`fullName` matches first and last names, in any order, without accents). */
export class SearchPersonsQuery extends Query<Page<PersonView>> {
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

  async execute({ actor, filter }: SearchPersonsQuery): Promise<Page<PersonView>> {
    const words = filter.fullName?.split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
    const where: Prisma.PersonWhereInput = {
      AND: [
        visiblePersons(actor),
        ...words.map((word) => ({ OR: [{ firstName: { contains: word, mode: 'insensitive' as const } }, { lastName: { contains: word, mode: 'insensitive' as const } }] })),
        ...(filter.profileCode ? [{ profile: { code: filter.profileCode } }] : []),
        ...(filter.companyId ? [{ companyId: filter.companyId }] : []),
      ],
    };
    const [items, total] = await Promise.all([
      this.prisma.person.findMany({ where, select: PERSON_VIEW, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.person.count({ where }),
    ]);
    return page(items.map(toPersonView), total, filter.currentPage, filter.perPage);
  }
}

export class GetPersonQuery extends Query<PersonView> {
  constructor(
    readonly actor: Actor,
    readonly personId: number,
  ) {
    super();
  }
}

@QueryHandler(GetPersonQuery)
export class GetPersonHandler implements IQueryHandler<GetPersonQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, personId }: GetPersonQuery): Promise<PersonView> {
    const person = await this.prisma.person.findFirst({ where: { AND: [{ id: personId }, visiblePersons(actor)] }, select: PERSON_VIEW });
    if (!person) throw personNotFound();
    return toPersonView(person);
  }
}

/** Persons the caller may not see answer as missing, so ids reveal nothing across companies. */
export const personNotFound = () => new NotFoundError('PERSON.NOT_FOUND', 'La persona solicitada no existe.');
