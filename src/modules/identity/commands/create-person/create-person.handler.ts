import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../platform/audit/audit';
import type { ProfileCode } from '../../platform/auth/access-policy';
import { assertCompanyAccess, ForbiddenError, type Actor } from '../../platform/auth/actor';
import { Sessions } from '../../platform/auth/sessions';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError } from '../../platform/http/app-error';
import { Outbox } from '../../platform/messaging/outbox';
import { AccountEvent, userEvent } from '../accounts/account-events';
import { createAccount, uniqueViolation } from '../accounts/accounts';
import { EmailTakenError, PersonRutTakenError } from '../accounts/commands/sign-up.command';
import { PERSON_VIEW, toPersonView, visiblePersons, type PersonView } from './person-view';
import { personNotFound } from './persons.queries';

export interface NewPersonInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  rut?: string;
  profileCode: ProfileCode;
  companyId?: number;
}

/**
 * An administrator creates an account of any profile; a provider creates provider users of its
 * own company. The new person sets a password from the invitation mail.
 */
export class CreatePersonCommand extends Command<PersonView> {
  constructor(
    readonly actor: Actor,
    readonly input: NewPersonInput,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(CreatePersonCommand)
export class CreatePersonHandler implements ICommandHandler<CreatePersonCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, ip }: CreatePersonCommand): Promise<PersonView> {
    if (actor.profile !== 'ADM') {
      if (input.profileCode !== 'PRV') throw new ForbiddenError('Solo puedes crear usuarios proveedores de tu empresa.');
      if (input.companyId !== undefined) assertCompanyAccess(actor, input.companyId);
    }
    const scoped = actor.profile === 'ADM' ? input : { ...input, companyId: actor.companyId! };
    if (scoped.profileCode === 'PRV' && !scoped.companyId) {
      throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { companyId: ['Un usuario proveedor debe pertenecer a una empresa.'] });
    }
    const companyId = scoped.profileCode === 'PRV' ? scoped.companyId : undefined;
    return this.prisma
      .$transaction(async (tx) => {
        if (companyId && !(await tx.company.findUnique({ where: { id: companyId }, select: { id: true } }))) {
          throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { companyId: ['La empresa indicada no existe.'] });
        }
        if (await tx.user.findUnique({ where: { email: scoped.email }, select: { id: true } })) throw new EmailTakenError();
        const person = await createAccount(tx, { ...scoped, profile: scoped.profileCode, companyId });
        await this.outbox.record(tx, [userEvent(AccountEvent.AccountInvited, person.user!.id)]);
        await recordAudit(tx, { actor, action: 'person.created', entityType: 'Person', entityId: person.id, details: { profile: scoped.profileCode, companyId: companyId ?? null }, ip });
        return toPersonView(await tx.person.findUniqueOrThrow({ where: { id: person.id }, select: PERSON_VIEW }));
      })
      .catch(rethrowUniqueViolations);
  }
}

export interface PersonChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  rut?: string | null;
}

/** Contact data of a person: one's own (`POST /api/person/{id}` from /editar-datos), or as ADM/PRV. */
export class UpdatePersonCommand extends Command<PersonView> {
  constructor(
    readonly actor: Actor,
    readonly personId: number,
    readonly changes: PersonChanges,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(UpdatePersonCommand)
export class UpdatePersonHandler implements ICommandHandler<UpdatePersonCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, personId, changes, ip }: UpdatePersonCommand): Promise<PersonView> {
    return this.prisma
      .$transaction(async (tx) => {
        await findVisible(tx, actor, personId);
        const person = await tx.person.update({ where: { id: personId }, data: changes, select: PERSON_VIEW });
        if (personId !== actor.personId) await recordAudit(tx, { actor, action: 'person.updated', entityType: 'Person', entityId: personId, details: { fields: Object.keys(changes).join(',') }, ip });
        return toPersonView(person);
      })
      .catch(rethrowUniqueViolations);
  }
}

/** Removes an account: the person is kept for history (orders, audit), can no longer sign in, and every session closes. */
export class DeletePersonCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly personId: number,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(DeletePersonCommand)
export class DeletePersonHandler implements ICommandHandler<DeletePersonCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
  ) {}

  async execute({ actor, personId, ip }: DeletePersonCommand): Promise<{ id: number }> {
    if (personId === actor.personId) throw new ForbiddenError('No puedes eliminar tu propia cuenta desde aquí.');
    await this.prisma.$transaction(async (tx) => {
      const person = await findVisible(tx, actor, personId);
      await tx.person.update({ where: { id: personId }, data: { deletedAt: new Date() } });
      if (person.user) {
        await tx.user.update({ where: { personId }, data: { isActive: false } });
        await this.sessions.revokeAllOf(person.user.id, tx);
      }
      await recordAudit(tx, { actor, action: 'person.deleted', entityType: 'Person', entityId: personId, ip });
    });
    return { id: personId };
  }
}

async function findVisible(tx: Tx, actor: Actor, personId: number) {
  const person = await tx.person.findFirst({ where: { AND: [{ id: personId }, visiblePersons(actor)] }, select: { id: true, user: { select: { id: true } } } });
  if (!person) throw personNotFound();
  return person;
}

function rethrowUniqueViolations(error: unknown): never {
  const fields = uniqueViolation(error);
  if (fields?.includes('email')) throw new EmailTakenError();
  if (fields?.includes('rut')) throw new PersonRutTakenError();
  throw error;
}

