import type { Actor } from '../../../platform/auth/actor';
import type { Tx } from '../../../platform/database/prisma.service';
import { PersonNotFoundError } from '../identity.errors';
import { visiblePersons } from '../person-view';

/** A person the actor may see and change, or PERSON.NOT_FOUND (also for one they may not see). */
export async function findVisiblePerson(tx: Tx, actor: Actor, personId: number) {
  const person = await tx.person.findFirst({ where: { AND: [{ id: personId }, visiblePersons(actor)] }, select: { id: true, user: { select: { id: true } } } });
  if (!person) throw new PersonNotFoundError();
  return person;
}
