import { browsingSession } from '../../../api/client';
import { accessLogCalls } from '../../../api/accessLog';

/**
 * Entries wait until the page has loaded and the browser is idle: on a phone the first page's own work comes
 * first (Lighthouse counts every task during the load). Later entries keep their order behind them.
 */
// The server's render (entry-server.tsx) imports this module too, and logs nothing: no document there.
let waiting: (() => void)[] | null = typeof document === 'undefined' || document.readyState === 'complete' ? null : [];
if (waiting) {
  window.addEventListener('load', () => {
    const flush = () => {
      const queued = waiting ?? [];
      waiting = null;
      for (const send of queued) send();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(flush, { timeout: 2000 });
    else setTimeout(flush, 0);
  }, { once: true });
}

/**
 * Records a route change of the public site (spec §2): route, browsing session and person. The
 * API takes the person from the token; `personId` goes along as the spec's client sends it.
 */
export function logAccess(route: string, personId: number | null): void {
  // The session is read now: it is when the visitor was there.
  const body = { route, session: browsingSession(), personId };
  const send = () => {
    accessLogCalls.record(body).catch((error: unknown) => {
      // A lost log entry must never disturb the visitor.
      console.warn('CotizaLab: no se registró la visita', error);
    });
  };
  if (waiting) waiting.push(send);
  else send();
}
