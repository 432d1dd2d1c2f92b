import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The plain-text body (of a multipart mail, its text/plain part). */
  text: string;
  /** The text/html part, when the mail has one. */
  html?: string;
}

/** The `.eml` files an app without SMTP wrote under `DATA_DIR/mail`, decoded enough to read. */
export async function readMailbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = join(dataDir, 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.filter((f) => f.endsWith('.eml')).sort().map((f) => readFile(join(dir, f), 'utf8')));
  return mails.map(parse);
}

/** Waits until a mail to `to` whose subject contains `subject` arrives (mail is sent by a queue consumer). */
export async function waitForMail(dataDir: string, to: string, subject: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(dataDir)).find((m) => m.to === to && m.subject.includes(subject));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} about "${subject}" within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function parse(eml: string): ReceivedMail {
  const { header, body } = split(eml);
  const to = header('To').replace(/^.*<|>$/g, '');
  const subject = decodeWords(header('Subject'));
  const boundary = /multipart\/alternative;\s*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (!boundary) return { to, subject, text: decodeBody(header, body) };
  // A text part and an HTML part (nodemailer's multipart/alternative).
  const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => split(part.replace(/^\r?\n/, '')));
  const of = (type: string) => parts.find((part) => part.header('Content-Type').toLowerCase().startsWith(type));
  const text = of('text/plain');
  const html = of('text/html');
  return { to, subject, text: text ? decodeBody(text.header, text.body) : '', html: html ? decodeBody(html.header, html.body) : undefined };
}

/** Headers (unfolded) and body of a message or of one MIME part. */
function split(entity: string) {
  const [head, ...rest] = entity.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n\s+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
  return { header, body: rest.join('\n\n').replace(/\r?\n$/, '') };
}

function decodeBody(header: (name: string) => string, body: string): string {
  const encoding = header('Content-Transfer-Encoding');
  return /quoted-printable/i.test(encoding)
    ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : /base64/i.test(encoding)
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}
