import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PrismaService } from '../../../platform/database/prisma.service';
import { claimPeriod, PeriodicWork } from '../../../platform/jobs/periodic';
import { layoutMail } from '../../../platform/mail/mail-layout';
import { Mailer } from '../../../platform/mail/mailer';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';
import { longChileDate } from '../../../platform/chile/calendar';
import { count, optOutFooter } from '../footer';
import { administrators } from '../recipients';

/** The hour of the day in Chile the digest goes out: before the working day starts. */
export const DIGEST_HOUR = 8;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const CHILE_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', hourCycle: 'h23' });

/** What waits for authorization at one company. */
interface Waiting {
  companyId: number;
  tradeName: string;
  pending: number;
  since: Date;
}

/**
 * Mails the administrators, each morning, what waits in the authorization queue: how many prices, by company, and
 * since when the oldest one waits; nothing on a day the queue is empty. It ticks hourly in the worker roles (once
 * among them, `PeriodicWork`) and sends in the tick that falls in DIGEST_HOUR in Santiago, claimed for the day too,
 * so a daylight-saving change or a worker that started at 08:59 does not send it twice.
 */
@Injectable()
export class AuthorizationDigest implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'notifications' });
    this.periodic = new PeriodicWork('authorization digest tick', () => this.sendIfDue(), this.log, prisma);
  }

  onApplicationBootstrap(): void {
    // The first tick on the next full hour, then hourly.
    this.periodic.start(this.config.role, HOUR_MS, HOUR_MS - (Date.now() % HOUR_MS) + 5_000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  private async sendIfDue(now = new Date()): Promise<void> {
    if (Number(CHILE_HOUR.format(now)) !== DIGEST_HOUR) return;
    if (!(await claimPeriod(this.prisma, 'authorization digest', DAY_MS))) return;
    await this.send(now);
  }

  /** One digest, as of `now` (for tests). Answers how many mails went: none when nothing waits. */
  async send(now = new Date()): Promise<number> {
    const waiting = await this.prisma.$queryRaw<Waiting[]>`
      SELECT c.id AS "companyId", c.trade_name AS "tradeName", count(*)::int AS pending, min(le.updated_at) AS since
      FROM laboratory_exam le
      JOIN laboratory l ON l.id = le.laboratory_id
      JOIN company c ON c.id = l.company_id
      WHERE le.status = 'PENDING' AND le.is_active AND l.is_active
      GROUP BY c.id, c.trade_name
      ORDER BY since, c.id`;
    if (waiting.length === 0) return 0;
    const admins = await administrators(this.prisma, 'AUTHORIZATION_DIGEST');
    const total = waiting.reduce((sum, w) => sum + w.pending, 0);
    const oldest = waiting[0].since;
    const days = Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / DAY_MS));
    for (const admin of admins) {
      await this.mailer.send(layoutMail({
        to: admin.email,
        subject: `${count(total, 'precio espera', 'precios esperan')} autorización en CotizaLab`,
        greeting: `Hola ${admin.firstName}:`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Al ${longChileDate(now)}, ${count(total, 'precio espera', 'precios esperan')} autorización, de ${count(waiting.length, 'empresa', 'empresas')}. El más antiguo espera desde el ${longChileDate(oldest)}${days > 0 ? ` (hace ${count(days, 'día', 'días')})` : ''}.`,
          },
          {
            kind: 'table',
            columns: [{ label: 'Empresa' }, { label: 'Precios por autorizar', align: 'right' }, { label: 'Espera desde' }],
            rows: waiting.map((w) => [w.tradeName, w.pending.toLocaleString('es-CL'), longChileDate(w.since)]),
          },
          { kind: 'link', label: 'Abrir la cola de autorización', href: `${this.config.publicUrl}/app/authorized-examinations?status=PENDING` },
        ],
        footer: optOutFooter(this.config.publicUrl, 'AUTHORIZATION_DIGEST'),
      }));
    }
    this.log.info({ pending: total, companies: waiting.length, mails: admins.length }, 'authorization digest sent');
    return admins.length;
  }
}
