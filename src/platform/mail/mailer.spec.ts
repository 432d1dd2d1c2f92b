import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { AppConfig } from '../../config/app-config';
import { Mailer } from './mailer';

describe('mail without SMTP, written under DATA_DIR/mail', () => {
  let outboxDir: string;

  beforeEach(async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'cotizalab-mail-'));
    // Only the clock stands still: two mails leave in the same millisecond.
    jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00.000Z'), doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('keeps every mail, whole, in a file of its own, also two to one address in the same millisecond', async () => {
    const config = { mail: { smtpUrl: undefined, from: 'CotizaLab <no-responder@cotizalab.cl>', outboxDir } } as unknown as AppConfig;
    const mailer = new Mailer(config, pino({ level: 'silent' }));
    await mailer.send({ to: 'prv@lab.test', subject: 'Te crearon una cuenta', text: 'Primer enlace: token=uno' });
    await mailer.send({ to: 'prv@lab.test', subject: 'Restablece tu contraseña', text: 'Segundo enlace: token=dos' });
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('-prv@lab.test.eml'))).toBe(true);
    const texts = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
    expect(texts.map((text) => /token=(\w+)/.exec(text)?.[1]).sort()).toEqual(['dos', 'uno']);
  });
});
