import { MAIL_KIND_TEXTS, MAIL_PREFERENCES_PATH, type MailKind } from '../../contracts/mail-preferences';
import type { LaidOutMail } from '../../platform/mail/mail-layout';

/** Every optional mail says why it came and where to turn it off. */
export const optOutFooter = (publicUrl: string, kind: MailKind): NonNullable<LaidOutMail['footer']> => ({
  text: `Recibes este correo porque tienes activos los avisos de «${MAIL_KIND_TEXTS[kind].label}» en CotizaLab.`,
  label: 'Puedes desactivarlos en Mis avisos por correo',
  href: `${publicUrl}${MAIL_PREFERENCES_PATH}`,
});

/** "1 precio" / "3 precios". */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;
