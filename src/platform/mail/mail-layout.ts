import type { Mail } from './mailer';

/**
 * One piece of a mail's body, rendered twice: as plain text and as HTML. Every string is data, never markup: the
 * HTML part escapes it, so a company named `<b>Lab & Co</b>` reads as typed.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  /** A table: a header row and its rows; `align: 'right'` per column for amounts. */
  | { kind: 'table'; columns: { label: string; align?: 'right' }[]; rows: string[][] }
  /** A call to action: a button in HTML, the bare address in text. */
  | { kind: 'link'; label: string; href: string };

export interface LaidOutMail {
  to: string;
  subject: string;
  /** "Hola Ana:"; absent for a mail whose recipient's name is unknown. */
  greeting?: string;
  blocks: MailBlock[];
  /** Why the mail came and how to turn it off (`text`, then a link `label` → `href`). */
  footer?: { text: string; label: string; href: string };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes a value for text or a double-quoted attribute. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Only http(s) addresses become links; anything else is shown as text. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? escapeHtml(href) : '#');

/**
 * The shared layout of CotizaLab's HTML mails, with the plain-text part beside it (the `Mail` the port sends): a
 * narrow table-based body that mail clients without CSS support still render, inline styles only.
 */
export function layoutMail(mail: LaidOutMail): Mail {
  return { to: mail.to, subject: mail.subject, text: asText(mail), html: asHtml(mail) };
}

function asText(mail: LaidOutMail): string {
  const parts: string[] = [];
  if (mail.greeting) parts.push(mail.greeting);
  for (const block of mail.blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text);
        break;
      case 'heading':
        parts.push(block.text.toUpperCase());
        break;
      case 'table':
        parts.push(block.rows.map((row) => `- ${row.filter((cell) => cell !== '').join(' · ')}`).join('\n'));
        break;
      case 'link':
        parts.push(`${block.label}:\n${block.href}`);
        break;
    }
  }
  parts.push('Equipo CotizaLab');
  if (mail.footer) parts.push(`--\n${mail.footer.text} ${mail.footer.label}: ${mail.footer.href}`);
  return parts.join('\n\n');
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5';

function asHtml(mail: LaidOutMail): string {
  const body = mail.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return `<p style="margin:0 0 14px">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
      case 'heading':
        return `<h2 style="margin:22px 0 8px;font-size:16px;color:#057483">${escapeHtml(block.text)}</h2>`;
      case 'table': {
        const cell = (tag: 'th' | 'td', value: string, align?: 'right') =>
          `<${tag} style="padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:${align ?? 'left'};vertical-align:top${tag === 'th' ? ';font-size:13px;color:#4b5563' : ''}">${escapeHtml(value)}</${tag}>`;
        const head = `<tr>${block.columns.map((c) => cell('th', c.label, c.align)).join('')}</tr>`;
        const rows = block.rows.map((row) => `<tr>${row.map((value, i) => cell('td', value, block.columns[i]?.align)).join('')}</tr>`).join('');
        return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;width:100%;margin:0 0 14px;font-size:14px">${head}${rows}</table>`;
      }
      case 'link':
        return `<p style="margin:18px 0"><a href="${safeHref(block.href)}" style="display:inline-block;background:#057483;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(block.label)}</a></p>`;
    }
  });
  const footer = mail.footer
    ? `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(mail.footer.text)} <a href="${safeHref(mail.footer.href)}" style="color:#057483">${escapeHtml(mail.footer.label)}</a>.</p>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6"><table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:20px 12px">`,
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:24px;${FONT}">`,
    `<p style="margin:0 0 18px;font-size:20px;color:#057483">Cotiza<strong>Lab</strong></p>`,
    mail.greeting ? `<p style="margin:0 0 14px">${escapeHtml(mail.greeting)}</p>` : '',
    ...body,
    '<p style="margin:18px 0 0">Equipo CotizaLab</p>',
    footer,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
}
