const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/** Chilean pesos as people read them: $12.345. */
export const formatClp = (amount: number) => clp.format(amount);

const clpCents = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A UF's value in pesos, as it is published: $39.512,34. */
export const formatClpCents = (amount: number) => clpCents.format(amount);

const uf = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });
/** "0,5 UF". */
export const formatUf = (amount: number) => `${uf.format(amount)} UF`;

/** A calendar day ("2026-11-01") as "01-11-2026", whatever the browser's time zone (it is no moment). */
export const formatDay = (day: string) => day.split('-').reverse().join('-');

/**
 * FONASA's official names carry the technique in parentheses ("Hemograma (incluye recuentos…)");
 * people know the exam by what comes before.
 */
export function shortExamName(name: string): string {
  const cut = name.indexOf(' (');
  // "Orina completa, (incluye…)": no comma left dangling before the cut.
  return cut > 0 ? name.slice(0, cut).replace(/[,;:]+$/, '') : name;
}

const DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
/** 1..7 ISO weekdays, 8 the public holidays (how a branch's opening hours store them). */
export const dayName = (day: number) => (day === 8 ? 'festivos' : DAYS[day % 7]);

/**
 * A RUT as Chileans write it, while it is typed: digits grouped by dots and the check digit after
 * a dash ("76354771k" → "76.354.771-K"). Anything that is not a digit or K is dropped.
 */
export function formatRut(typed: string): string {
  const clean = typed.replace(/[^0-9kK]/g, '').toUpperCase().replace(/K(?=.)/g, '').slice(0, 9);
  if (clean.length < 2) return clean;
  const body = clean.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${clean.slice(-1)}`;
}

// Chilean time wherever the browser is, as the audit timeline shows it.
const dateTime = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Santiago' });
const dateOnly = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Santiago' });
/** "24-11-2026, 09:30" */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');
export const formatDate = (iso: string | null | undefined) => (iso ? dateOnly.format(new Date(iso)) : '');

const whole = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });
/** "12.345": counts as Chileans write them. */
export const formatCount = (n: number) => whole.format(n);

const km = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });
/** "800 m", "2,3 km", "614 km": how far a laboratory is from the chosen comuna. */
export const formatDistance = (kilometres: number) => (kilometres < 1 ? `${Math.round(kilometres * 10) * 100} m` : `${km.format(kilometres >= 20 ? Math.round(kilometres) : kilometres)} km`);
