import type { Actor } from '../../../platform/auth/actor';
import type { Tx } from '../../../platform/database/prisma.service';
import { PersonNotFoundError } from '../identity.errors';
import type { PersonStatus } from '../../../contracts/persons';
import { visiblePersons } from '../person-view';

/** A person the actor may see and change, or PERSON.NOT_FOUND (also for one they may not see). */
export async function findVisiblePerson(tx: Tx, actor: Actor, personId: number, status: PersonStatus = 'active') {
  const person = await tx.person.findFirst({ where: { AND: [{ id: personId }, visiblePersons(actor, status)] }, select: { id: true, deletedAt: true, user: { select: { id: true } } } });
  if (!person) throw new PersonNotFoundError();
  return person;
}
