/**
 * The mails about the work of the back office that their recipient may turn off (issue 27, item 3). Account mails
 * (password, invitation, approval of the company) and the voucher are not optional: they are not on this list.
 */
export const MAIL_KINDS = ['PRICE_DECISIONS', 'IMPORT_FINISHED', 'COMPANY_SIGN_UPS', 'AUTHORIZATION_DIGEST'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Which kinds each back-office profile receives (a provider user: its prices; an administrator: the queue). */
export const MAIL_KINDS_BY_PROFILE: Readonly<Record<'ADM' | 'PRV', readonly MailKind[]>> = {
  PRV: ['PRICE_DECISIONS', 'IMPORT_FINISHED'],
  ADM: ['COMPANY_SIGN_UPS', 'AUTHORIZATION_DIGEST'],
};

/** What a person reads about each kind, in the back office and in each mail's footer. */
export const MAIL_KIND_TEXTS: Readonly<Record<MailKind, { label: string; description: string }>> = {
  PRICE_DECISIONS: { label: 'Precios autorizados o rechazados', description: 'Un correo por cada decisión de un administrador sobre tus precios, con los motivos de cada rechazo.' },
  IMPORT_FINISHED: { label: 'Importaciones terminadas', description: 'Un correo cuando termina una importación de precios o sucursales de tu empresa: qué se importó, qué quedó fuera y cuántos precios esperan autorización.' },
  COMPANY_SIGN_UPS: { label: 'Empresas que se registran', description: 'Un correo cuando una empresa se registra y espera tu aprobación.' },
  AUTHORIZATION_DIGEST: { label: 'Resumen diario de precios por autorizar', description: 'Cada mañana, cuántos precios esperan autorización, por empresa, y desde cuándo. No llega si no hay ninguno.' },
};

/** The back-office address where a person turns these mails on or off (a path under the public URL). */
export const MAIL_PREFERENCES_PATH = '/app?avisos=1';

/** One kind as `GET /api/auth/mail-preferences` answers it. */
export interface MailPreference {
  kind: MailKind;
  label: string;
  description: string;
  /** False when the person turned it off. */
  enabled: boolean;
}

/** `GET` and `POST /api/auth/mail-preferences` answer the kinds of the caller's profile. */
export interface MailPreferences {
  preferences: MailPreference[];
}

/** `POST /api/auth/mail-preferences`: turns one kind on or off. */
export interface MailPreferenceChange {
  kind: MailKind;
  enabled: boolean;
}
