import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { formatClp } from '../../../platform/chile/money';
import type { Tx } from '../../../platform/database/prisma.service';
import { layoutMail, type MailBlock } from '../../../platform/mail/mail-layout';
import { Mailer, type Mail } from '../../../platform/mail/mailer';
import { assertNever, eventTypes, type StoredEvent } from '../../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../../platform/messaging/event-consumers';
import { PriceDecisionsMade, type PriceDecisionEvent } from '../../catalogue/pricing';
import { ProviderRegistered } from '../../identity';
import { ImportFinished, type ImportFinishedEvent } from '../../imports';
import type { EventOf } from '../../../platform/messaging/domain-event';
import { optOutFooter, count } from '../footer';
import { administrators, companyStaff } from '../recipients';

export type BackOfficeMailEvent = PriceDecisionEvent | ImportFinishedEvent | EventOf<typeof ProviderRegistered>;

/**
 * The mails about the back office's work (issue 27, item 3), off the request path: a laboratory's provider users
 * learn of an administrator's decision on their prices (one mail per decision, listing every price of it they see),
 * administrators of a company that signed up. Each kind goes only to who did not turn it off.
 */
@Injectable()
export class BackOfficeMailsConsumer implements EventConsumer<BackOfficeMailEvent>, OnModuleInit {
  readonly name = 'back-office-mails';
  readonly eventTypes = eventTypes<BackOfficeMailEvent>({ [PriceDecisionsMade.type]: true, [ImportFinished.type]: true, [ProviderRegistered.type]: true });

  constructor(
    private readonly registry: EventConsumerRegistry,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent<BackOfficeMailEvent>, tx: Tx): Promise<void> {
    const mails = await this.compose(event, tx);
    for (const mail of mails) await this.mailer.send(mail);
  }

  private compose(event: BackOfficeMailEvent, tx: Tx): Promise<Mail[]> {
    switch (event.type) {
      case PriceDecisionsMade.type:
        return this.priceDecisions(event.payload, tx);
      case ImportFinished.type:
        return this.importFinished(event.payload.importId, tx);
      case ProviderRegistered.type:
        return this.companySignedUp(event.payload.userId, tx);
      default:
        return assertNever(event);
    }
  }

  /**
   * One mail per provider user of each company the decision touched, listing by branch the prices of it that user
   * sees. An offer decided otherwise since (authorized, then rejected a minute later) is left out: the later
   * decision has a mail of its own, and this one says only what is still true.
   */
  private async priceDecisions(decision: PriceDecisionEvent['payload'], tx: Tx): Promise<Mail[]> {
    const offers = await tx.laboratoryExam.findMany({
      where: { id: { in: decision.laboratoryExamIds }, status: decision.decision, ...(decision.decision === 'REJECTED' ? { rejectionReason: decision.reason } : {}) },
      select: {
        price: true,
        exam: { select: { code: true, name: true } },
        laboratory: { select: { id: true, identifierName: true, companyId: true, company: { select: { tradeName: true, status: true } } } },
      },
      orderBy: [{ laboratory: { identifierName: 'asc' } }, { laboratoryId: 'asc' }, { exam: { name: 'asc' } }],
    });
    if (offers.length === 0) return [];
    const staff = await companyStaff(tx, [...new Set(offers.map((o) => o.laboratory.companyId))], 'PRICE_DECISIONS');
    const authorized = decision.decision === 'AUTHORIZED';
    const link = `${this.config.publicUrl}/app/authorized-examinations?status=${decision.decision}`;
    return staff.flatMap((person) => {
      const seen = offers.filter((o) => o.laboratory.companyId === person.companyId && (person.laboratoryIds === null || person.laboratoryIds.has(o.laboratory.id)));
      if (seen.length === 0) return [];
      const company = seen[0].laboratory.company;
      const prices = count(seen.length, 'precio', 'precios');
      const branches = new Map<number, typeof seen>();
      for (const offer of seen) branches.set(offer.laboratory.id, [...(branches.get(offer.laboratory.id) ?? []), offer]);
      const blocks: MailBlock[] = [
        {
          kind: 'paragraph',
          text: authorized
            ? `Un administrador de CotizaLab autorizó ${prices} de ${company.tradeName}. ${company.status === 'APPROVED' ? 'Desde ahora aparecen en las cotizaciones.' : 'Aparecerán en las cotizaciones cuando la empresa esté aprobada.'}`
            : `Un administrador de CotizaLab rechazó ${prices} de ${company.tradeName}; no aparecen en las cotizaciones.`,
        },
        ...(authorized ? [] : [{ kind: 'paragraph' as const, text: `Motivo: ${decision.reason ?? 'sin motivo indicado'}` }]),
        ...[...branches.values()].flatMap((rows): MailBlock[] => [
          { kind: 'heading', text: rows[0].laboratory.identifierName },
          {
            kind: 'table',
            columns: [{ label: 'Examen' }, { label: 'Código FONASA' }, { label: 'Precio', align: 'right' }],
            rows: rows.map((o) => [o.exam.name, o.exam.code, formatClp(o.price)]),
          },
        ]),
        ...(authorized ? [] : [{ kind: 'paragraph' as const, text: 'Cuando corrijas el precio, vuelve a la cola de autorización.' }]),
        { kind: 'link', label: authorized ? 'Ver mis precios autorizados' : 'Ver mis precios rechazados', href: link },
      ];
      return [layoutMail({
        to: person.email,
        subject: authorized ? `Autorizamos ${prices} de ${company.tradeName}` : `Rechazamos ${prices} de ${company.tradeName}`,
        greeting: `Hola ${person.firstName}:`,
        blocks,
        footer: optOutFooter(this.config.publicUrl, 'PRICE_DECISIONS'),
      })];
    });
  }

  /**
   * The company's provider users learn how an import of its prices or branches ended: what it imported, what it left
   * out (errors, rows excluded at the review) and how many prices now wait for an administrator. The FONASA catalogue
   * belongs to no company: no mail.
   */
  private async importFinished(importId: number, tx: Tx): Promise<Mail[]> {
    const job = await tx.importJob.findUnique({
      where: { id: importId },
      select: {
        id: true, kind: true, status: true, fileName: true, companyId: true, withErrors: true, failureMessage: true,
        created: true, updated: true, unchangedDone: true, failed: true, excluded: true, pendingAuthorization: true,
        company: { select: { tradeName: true } },
      },
    });
    if (!job?.companyId || !job.company) return [];
    const what = job.kind === 'laboratory' ? 'sucursales' : 'precios';
    const intro =
      job.status === 'COMPLETED'
        ? `Terminó la importación de ${what} de ${job.company.tradeName} desde «${job.fileName}».`
        : job.status === 'REJECTED'
          ? `No importamos nada de «${job.fileName}»: con «todo o nada», ${count(job.withErrors, 'fila tenía', 'filas tenían')} errores. Corrígelas con el informe de errores y vuelve a subir el archivo.`
          : `La importación de ${what} desde «${job.fileName}» se detuvo por un error del servidor. ${job.failureMessage ?? ''}`.trim();
    const blocks: MailBlock[] = [
      { kind: 'paragraph', text: intro },
      ...(job.status === 'REJECTED'
        ? []
        : [{
            kind: 'table' as const,
            columns: [{ label: 'Filas' }, { label: 'Cantidad', align: 'right' as const }],
            rows: ([['Nuevas', job.created], ['Actualizadas', job.updated], ['Sin cambios', job.unchangedDone], ['Con errores, no importadas', job.failed], ['Excluidas en la revisión', job.excluded]] as [string, number][])
              .filter(([, n]) => n > 0)
              .map(([label, n]) => [label, n.toLocaleString('es-CL')]),
          }]),
      ...(job.pendingAuthorization > 0
        ? [
            { kind: 'paragraph' as const, text: `${count(job.pendingAuthorization, 'precio espera', 'precios esperan')} la autorización de un administrador antes de aparecer en las cotizaciones. Te avisaremos cuando se decida.` },
            { kind: 'link' as const, label: 'Ver precios por autorizar', href: `${this.config.publicUrl}/app/authorized-examinations?status=PENDING` },
          ]
        : []),
      { kind: 'link', label: 'Ver la importación', href: `${this.config.publicUrl}/app/imports/view/${job.id}` },
    ];
    const subject = job.status === 'COMPLETED' ? `Importación terminada: ${job.fileName}` : job.status === 'REJECTED' ? `Importación rechazada: ${job.fileName}` : `La importación se detuvo: ${job.fileName}`;
    const staff = await companyStaff(tx, [job.companyId], 'IMPORT_FINISHED');
    return staff.map((person) => layoutMail({ to: person.email, subject, greeting: `Hola ${person.firstName}:`, blocks, footer: optOutFooter(this.config.publicUrl, 'IMPORT_FINISHED') }));
  }

  /** Administrators learn of a company that signed up and waits (none once another administrator already decided). */
  private async companySignedUp(userId: number, tx: Tx): Promise<Mail[]> {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: {
        email: true,
        person: {
          select: {
            firstName: true, lastName: true, phone: true,
            company: { select: { id: true, rut: true, legalName: true, tradeName: true, status: true, comuna: { select: { name: true } } } },
          },
        },
      },
    });
    const company = user?.person.company;
    if (!user || !company || company.status !== 'PENDING') return [];
    const admins = await administrators(tx, 'COMPANY_SIGN_UPS');
    // Typed by someone nobody verified yet: shown as data (the layout escapes it), never trusted as markup or address.
    const blocks: MailBlock[] = [
      { kind: 'paragraph', text: `${company.tradeName} se registró en CotizaLab y espera tu aprobación. Sus sucursales y precios no se publican hasta que la apruebes.` },
      {
        kind: 'table',
        columns: [{ label: 'Dato' }, { label: 'Valor' }],
        rows: [
          ['Nombre de fantasía', company.tradeName],
          ['Razón social', company.legalName],
          ['RUT', company.rut],
          ...(company.comuna ? [['Comuna', company.comuna.name]] : []),
          ['Contacto', `${user.person.firstName} ${user.person.lastName}, ${user.email}${user.person.phone ? `, ${user.person.phone}` : ''}`],
        ],
      },
      { kind: 'link', label: 'Revisar la empresa', href: `${this.config.publicUrl}/app/company/view/${company.id}` },
    ];
    return admins.map((admin) =>
      layoutMail({
        to: admin.email,
        subject: `Nueva empresa por aprobar: ${company.tradeName}`,
        greeting: `Hola ${admin.firstName}:`,
        blocks,
        footer: optOutFooter(this.config.publicUrl, 'COMPANY_SIGN_UPS'),
      }),
    );
  }
}
