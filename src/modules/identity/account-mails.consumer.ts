import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { Throttles, TooManyAttemptsError } from '../../platform/auth/throttles';
import { Mailer, type Mail } from '../../platform/mail/mailer';
import { assertNever, eventTypes, type EventOf, type StoredEvent } from '../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../platform/messaging/event-consumers';
import { CompanyApproved, CompanyRejected } from '../companies';
import {
  AccountInvited, AccountRegistered, ContactMessageReceived, RegisteredEmailInvited, PasswordChanged, PasswordRecoveryRequested, ProviderRegistered, RegisteredEmailSignUpAttempted, type IdentityEvent,
} from './identity.events';
import { INVITATION_TTL_MS, RECOVERY_TTL_MS, issueResetToken } from './password-resets';

/** Every event that leads to a mail: the account ones, and the decision on a provider's company. */
export type AccountMailEvent = IdentityEvent | EventOf<typeof CompanyApproved> | EventOf<typeof CompanyRejected>;

/**
 * Sends the mail of account events, off the request path: the answer to "recover my password"
 * or "sign me up" takes the same time whether or not the account exists.
 */
@Injectable()
export class AccountMailsConsumer implements EventConsumer<AccountMailEvent>, OnModuleInit {
  readonly name = 'account-mails';
  readonly eventTypes = eventTypes<AccountMailEvent>({
    [PasswordRecoveryRequested.type]: true,
    [AccountRegistered.type]: true,
    [RegisteredEmailSignUpAttempted.type]: true,
    [ProviderRegistered.type]: true,
    [AccountInvited.type]: true,
    [RegisteredEmailInvited.type]: true,
    [PasswordChanged.type]: true,
    [ContactMessageReceived.type]: true,
    [CompanyApproved.type]: true,
    [CompanyRejected.type]: true,
  });

  constructor(
    private readonly registry: EventConsumerRegistry,
    private readonly mailer: Mailer,
    private readonly throttles: Throttles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * A reset link's token, committed on a connection of its own before the mail that carries it is sent. The mail
   * leaves during this delivery's transaction, so a token written in that transaction did not work until it committed:
   * a link followed in between was answered "no es válido" (a CI run's test read the invitation the moment it was
   * written). A delivery that fails after its mail is repeated and mails a new link, which replaces this one.
   */
  private issueToken(userId: number, ttlMs: number): Promise<string> {
    return this.prisma.$transaction((tokens) => issueResetToken(tokens, userId, ttlMs));
  }

  /**
   * Mail that anyone can make us send to any address (a sign-up with a taken e-mail, a contact
   * form's receipt) goes to one address a few times an hour at most: beyond that it is dropped, the
   * caller's request still succeeds, and nobody's inbox can be flooded through us.
   */
  private async unsolicitedAllowed(address: string): Promise<boolean> {
    return this.throttles.consume('unsolicitedMailsPerAddress', address).then(
      () => true,
      (error: unknown) => {
        if (error instanceof TooManyAttemptsError) return false;
        throw error;
      },
    );
  }

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent<AccountMailEvent>, tx: Tx): Promise<void> {
    const mails = await this.compose(event, tx);
    for (const mail of mails) await this.mailer.send(mail);
  }

  private async compose(event: AccountMailEvent, tx: Tx): Promise<Mail[]> {
    const link = (path: string) => `${this.config.publicUrl}${path}`;
    switch (event.type) {
      case PasswordRecoveryRequested.type: {
        const user = await tx.user.findUnique({ where: { email: event.payload.email }, include: { person: true } });
        if (!user || !user.isActive || user.person.deletedAt) return [];
        const token = await this.issueToken(user.id, RECOVERY_TTL_MS);
        return [mail(user.email, 'Restablece tu contraseña de CotizaLab', [
          `Hola ${user.person.firstName}:`,
          'Recibimos una solicitud para restablecer la contraseña de tu cuenta en CotizaLab.',
          `Para elegir una nueva, abre este enlace dentro de la próxima hora:\n${link(`/reset-password?token=${token}`)}`,
          'El enlace sirve una sola vez. Si no pediste este cambio, ignora este correo: tu contraseña sigue igual.',
        ])];
      }
      case AccountInvited.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user) return [];
        const token = await this.issueToken(user.id, INVITATION_TTL_MS);
        return [mail(user.email, 'Te crearon una cuenta en CotizaLab', [
          `Hola ${user.person.firstName}:`,
          `Se creó una cuenta de ${user.person.profile.name.toLowerCase()} para ti en CotizaLab${user.person.company ? `, en ${user.person.company.tradeName}` : ''}.`,
          `Para activarla, elige tu contraseña dentro de los próximos 7 días:\n${link(`/reset-password?token=${token}`)}`,
        ])];
      }
      case RegisteredEmailInvited.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user) return [];
        return [mail(user.email, 'Intentaron invitarte a CotizaLab', [
          `Hola ${user.person.firstName}:`,
          'Alguien intentó crearte una cuenta en CotizaLab con este correo, pero ya tienes una. No creamos otra ni cambiamos nada de la tuya.',
          `Si quieres entrar, inicia sesión en ${link('/login')}; si olvidaste tu contraseña, puedes recuperarla desde esa misma página.`,
        ])];
      }
      case AccountRegistered.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user) return [];
        // The address is not verified yet: nothing the caller typed goes in it (not even the name).
        return [mail(user.email, 'Bienvenido a CotizaLab', [
          'Hola:',
          'Tu cuenta en CotizaLab quedó creada. Ya puedes cotizar tus exámenes y guardar tus órdenes.',
          `Inicia sesión en ${link('/login')} con este correo.`,
          'Si no fuiste tú quien se registró, responde este correo y la daremos de baja.',
        ])];
      }
      case RegisteredEmailSignUpAttempted.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user || !(await this.unsolicitedAllowed(user.email))) return [];
        return [mail(user.email, 'Ya tienes una cuenta en CotizaLab', [
          `Hola ${user.person.firstName}:`,
          'Alguien intentó registrarse en CotizaLab con este correo, pero ya tienes una cuenta.',
          `Si fuiste tú, inicia sesión en ${link('/login')}. Si olvidaste tu contraseña, puedes recuperarla desde esa misma página.`,
          'Si no fuiste tú, no necesitas hacer nada.',
        ])];
      }
      case ProviderRegistered.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user?.person.company) return [];
        // The address is not verified yet: nothing the caller typed goes in it (name, company).
        return [mail(user.email, 'Recibimos la solicitud de tu laboratorio', [
          'Hola:',
          'Registramos tu laboratorio en CotizaLab. Un administrador revisará los datos de la empresa y te avisaremos por correo cuando esté aprobada.',
          `Mientras tanto ya puedes iniciar sesión en ${link('/app/login')} para completar sus datos.`,
        ])];
      }
      case PasswordChanged.type: {
        const user = await this.user(tx, event.payload.userId);
        if (!user) return [];
        return [mail(user.email, 'Tu contraseña de CotizaLab cambió', [
          `Hola ${user.person.firstName}:`,
          'La contraseña de tu cuenta en CotizaLab acaba de cambiar y cerramos las demás sesiones abiertas.',
          `Si no fuiste tú, recupera tu cuenta ahora en ${link('/login')} con la opción "¿Olvidaste tu contraseña?".`,
        ])];
      }
      case CompanyApproved.type:
      case CompanyRejected.type: {
        const company = await tx.company.findUnique({ where: { id: event.payload.companyId }, include: { persons: { where: { deletedAt: null }, include: { user: true } } } });
        if (!company) return [];
        const approved = event.type === CompanyApproved.type;
        // Version 1 rows of CompanyRejected carry no reason: the mail then goes without it.
        const reason = event.type === CompanyRejected.type ? event.payload.reason : undefined;
        return company.persons.flatMap((person) =>
          person.user?.isActive
            ? [mail(person.user.email, approved ? `${company.tradeName} ya está en CotizaLab` : `Sobre la solicitud de ${company.tradeName}`, [
                `Hola ${person.firstName}:`,
                ...(approved
                  ? [
                      `Aprobamos a ${company.tradeName}. Sus laboratorios y precios autorizados ya pueden aparecer en las cotizaciones.`,
                      `Desde ahora también puedes invitar a otros usuarios de tu empresa en ${link('/app/my-company')}.`,
                    ]
                  : [
                      `No pudimos aprobar a ${company.tradeName} con los datos recibidos.`,
                      ...(reason ? [`Motivo: ${reason}`] : []),
                      `Puedes seguir consultando lo que registraste en ${link('/app/my-company')}, pero no modificarlo. Escríbenos desde ${link('/contacto')} para revisarlo juntos.`,
                    ]),
              ])]
            : [],
        );
      }
      case ContactMessageReceived.type: {
        const message = await tx.contactMessage.findUnique({ where: { id: event.payload.contactMessageId } });
        if (!message) return [];
        const admins = await tx.user.findMany({ where: { isActive: true, person: { deletedAt: null, profile: { code: 'ADM' } } }, select: { email: true } });
        const summary = [`De: ${message.name} <${message.email}>${message.phone ? `, ${message.phone}` : ''}`, `Asunto: ${message.subject ?? '(sin asunto)'}`, message.message];
        // The receipt goes to an address nobody verified: fixed words only, never the message or the name typed.
        const receipt = (await this.unsolicitedAllowed(message.email))
          ? [mail(message.email, 'Recibimos tu mensaje', ['Hola:', 'Gracias por escribirnos a CotizaLab. Te responderemos a este correo a la brevedad.', 'Si no nos escribiste tú, ignora este correo.'])]
          : [];
        return [
          ...receipt,
          ...admins.map((admin) => mail(admin.email, `Nuevo mensaje de contacto: ${message.subject ?? message.name}`, summary)),
        ];
      }
      default:
        return assertNever(event);
    }
  }

  private user(tx: Tx, userId: number) {
    return tx.user.findUnique({ where: { id: userId }, include: { person: { include: { profile: true, company: true } } } });
  }
}

function mail(to: string, subject: string, paragraphs: string[]): Mail {
  return { to, subject, text: [...paragraphs, '', 'Equipo CotizaLab'].join('\n\n') };
}
