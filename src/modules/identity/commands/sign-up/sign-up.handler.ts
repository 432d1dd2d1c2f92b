import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../platform/auth/actor';
import { Throttles } from '../../../platform/auth/throttles';
import { recordAudit } from '../../../platform/audit/audit';
import { PrismaService, type Tx } from '../../../platform/database/prisma.service';
import { AppError } from '../../../platform/http/app-error';
import { Outbox } from '../../../platform/messaging/outbox';
import { hashPassword } from '../../../platform/security/passwords';
import { AccountEvent, userEvent } from '../account-events';
import { createAccount, uniqueViolation, type NewAccount } from '../accounts';

export interface SignUpAnswer {
  message: string;
}

/**
 * A visitor creates an account (profile USR). The answer is the same whether or not the e-mail
 * was already registered; the owner of a registered e-mail gets a mail saying so instead.
 */
export class SignUpCommand extends Command<SignUpAnswer> {
  constructor(
    readonly account: Omit<NewAccount, 'profile' | 'companyId'> & { password: string },
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ account, ip }: SignUpCommand): Promise<SignUpAnswer> {
    await this.throttles.consume('signUpPerIp', ip);
    // Hashing first, for both outcomes, keeps their timing alike.
    const passwordHash = await hashPassword(account.password);
    await this.prisma.$transaction(async (tx) => {
      if (await tellOwnerOfRegisteredEmail(tx, this.outbox, account.email)) return;
      const person = await createAccount(tx, { ...account, rut: undefined, profile: 'USR' }, passwordHash);
      await this.outbox.record(tx, [userEvent(AccountEvent.AccountRegistered, person.user!.id)]);
    }).catch(rethrowTakenEmailAsSuccess);
    return { message: 'Te enviamos un correo con los datos de tu cuenta. Ya puedes iniciar sesión.' };
  }
}

/** When the e-mail already has an account, its owner is told by mail (and the caller creates nothing). */
async function tellOwnerOfRegisteredEmail(tx: Tx, outbox: Outbox, email: string): Promise<boolean> {
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) await outbox.record(tx, [userEvent(AccountEvent.SignUpWithRegisteredEmail, existing.id)]);
  return existing !== null;
}

/** Two sign-ups with one e-mail at once: the loser sees the same success as anyone else. */
function rethrowTakenEmailAsSuccess(error: unknown): void {
  if (uniqueViolation(error)?.includes('email')) return;
  throw error;
}

/** A laboratory company and its first provider user; the company waits for an administrator's approval. */
export class SignUpProviderCommand extends Command<SignUpAnswer> {
  constructor(
    readonly company: { rut: string; legalName: string; tradeName: string; email?: string; phone?: string; addressLine?: string; comunaId?: number },
    readonly account: Omit<NewAccount, 'profile' | 'companyId'> & { password: string },
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(SignUpProviderCommand)
export class SignUpProviderHandler implements ICommandHandler<SignUpProviderCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
    private readonly throttles: Throttles,
  ) {}

  async execute({ company, account, ip }: SignUpProviderCommand): Promise<SignUpAnswer> {
    await this.throttles.consume('signUpPerIp', ip);
    const passwordHash = await hashPassword(account.password);
    await this.prisma.$transaction(async (tx) => {
      if (await tellOwnerOfRegisteredEmail(tx, this.outbox, account.email)) return;
      if (await tx.company.findUnique({ where: { rut: company.rut }, select: { id: true } })) throw new CompanyRutTakenError();
      if (company.comunaId !== undefined) await assertComuna(tx, company.comunaId);
      const created = await tx.company.create({ data: { ...company, status: 'PENDING' } });
      const person = await createAccount(tx, { ...account, profile: 'PRV', companyId: created.id }, passwordHash);
      await this.outbox.record(tx, [userEvent(AccountEvent.ProviderRegistered, person.user!.id)]);
    }).catch((error: unknown) => {
      if (uniqueViolation(error)?.includes('rut')) throw new CompanyRutTakenError();
      rethrowTakenEmailAsSuccess(error);
    });
    return { message: 'Recibimos la solicitud de tu laboratorio. Te avisaremos por correo cuando un administrador apruebe la empresa.' };
  }
}

export class CompanyRutTakenError extends AppError {
  constructor() {
    super(HttpStatus.CONFLICT, 'COMPANY.RUT_TAKEN', 'Ya existe una empresa registrada con ese RUT.', { rut: ['Ya existe una empresa registrada con ese RUT.'] });
  }
}

export async function assertComuna(tx: Pick<PrismaService, 'location'>, comunaId: number): Promise<void> {
  const comuna = await tx.location.findFirst({ where: { id: comunaId, kind: 'COMUNA' }, select: { id: true } });
  if (!comuna) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { comunaId: ['La comuna indicada no existe.'] });
}

/** An administrator creates another administrator. */
export class AdminSignUpCommand extends Command<{ personId: number }> {
  constructor(
    readonly account: Omit<NewAccount, 'profile' | 'companyId'> & { password: string },
    readonly actor: Actor,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(AdminSignUpCommand)
export class AdminSignUpHandler implements ICommandHandler<AdminSignUpCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ account, actor, ip }: AdminSignUpCommand): Promise<{ personId: number }> {
    const passwordHash = await hashPassword(account.password);
    return this.prisma.$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email: account.email }, select: { id: true } })) throw new EmailTakenError();
      const person = await createAccount(tx, { ...account, profile: 'ADM' }, passwordHash);
      await recordAudit(tx, { actor, action: 'admin.created', entityType: 'Person', entityId: person.id, details: { email: account.email }, ip });
      return { personId: person.id };
    }).catch((error: unknown) => {
      const fields = uniqueViolation(error);
      if (fields?.includes('email')) throw new EmailTakenError();
      if (fields?.includes('rut')) throw new PersonRutTakenError();
      throw error;
    });
  }
}

/** Only administrators and providers creating users learn that an e-mail is taken. */
export class EmailTakenError extends AppError {
  constructor() {
    super(HttpStatus.CONFLICT, 'USER.EMAIL_TAKEN', 'Ya existe una cuenta con ese correo.', { email: ['Ya existe una cuenta con ese correo.'] });
  }
}

export class PersonRutTakenError extends AppError {
  constructor() {
    super(HttpStatus.CONFLICT, 'PERSON.RUT_TAKEN', 'Ya existe una persona registrada con ese RUT.', { rut: ['Ya existe una persona registrada con ese RUT.'] });
  }
}
