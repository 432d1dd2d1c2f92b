import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from '../platform.tokens';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Outgoing mail through nodemailer: to `SMTP_URL` when configured; otherwise (the embedded
 * default) each message is written as an `.eml` file under `DATA_DIR/mail` and logged, so a
 * flow such as password recovery can be followed by hand.
 */
@Injectable()
export class Mailer {
  /** Made on the first mail, not at start: many processes never send one (nodemailer is about 7 MB). */
  private transport: Transporter | undefined;
  private readonly log: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'mail' });
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      const nodemailer = require('nodemailer') as typeof import('nodemailer');
      this.transport = this.config.mail.smtpUrl
        ? nodemailer.createTransport(this.config.mail.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...mail });
    if (this.config.mail.smtpUrl) {
      this.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(this.config.mail.outboxDir, { recursive: true });
    // Whole or not at all: whoever reads the folder (a person, a test) never opens a mail half-written; and a name of
    // its own, since two mails to one address can leave in the same millisecond.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safe(mail.to)}.eml`;
    const file = join(this.config.mail.outboxDir, name);
    await writeFile(`${file}.partial`, (info as unknown as { message: Buffer }).message);
    await rename(`${file}.partial`, file);
    this.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written (no SMTP_URL)');
  }
}

const safe = (address: string) => address.replace(/[^\w.@-]/g, '_').slice(0, 80);
