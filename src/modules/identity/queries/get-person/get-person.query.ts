import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Person } from '../../../../contracts/persons';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../platform/http/envelope';
import { PersonNotFoundError } from '../../identity.errors';
import { PERSON_SELECT, toPersonView, visiblePersons } from '../../person-view';

/** `GET /api/person/{id}`: oneself; any person for ADM; a provider's colleagues for PRV. */
export class GetPersonQuery extends Query<ServerSide<Person>> {
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

  async execute({ actor, personId }: GetPersonQuery) {
    const person = await this.prisma.person.findFirst({ where: { AND: [{ id: personId }, visiblePersons(actor, 'any')] }, select: PERSON_SELECT });
    if (!person) throw new PersonNotFoundError();
    return toPersonView(person);
  }
}
