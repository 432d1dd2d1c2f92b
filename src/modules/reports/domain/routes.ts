/**
 * What a storefront route means to the reports. Numbers in the path become `:id` so that visits of
 * a thousand laboratory pages add up to one route; the query string (the quote) is left out.
 */
export function routeKey(route: string): string {
  const path = route.split(/[?#]/, 1)[0] || '/';
  return path.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, 200);
}

/** The laboratory whose public page a route opens (`/laboratorio/12`), or null. */
export function openedLaboratory(route: string): number | null {
  const match = /^\/laboratorio\/(\d{1,9})(?:[/?#]|$)/.exec(route);
  return match ? Number(match[1]) : null;
}

/**
 * Whether a route is the cart step of the funnel. The storefront keeps its cart in the browser; it
 * reports the step by logging `/carro` (or `/carro/...`) like any route change.
 */
export function isCartRoute(route: string): boolean {
  return /^\/carro(?:[/?#]|$)/.test(route);
}

/** The reports count days as people in Chile live them. */
export const REPORT_TIME_ZONE = 'America/Santiago';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Chilean calendar day of an instant, as `YYYY-MM-DD`. */
export function reportDay(at: Date): string {
  return dayFormat.format(at);
}
