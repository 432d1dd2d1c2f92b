import { api, browsingSession } from '../../../api/client';

/**
 * Records a route change of the public site (spec §2): route, browsing session and person. The
 * API takes the person from the token; `personId` goes along as the spec's client sends it.
 */
export function logAccess(route: string, personId: number | null): void {
  api.post('/api/log-access', { route, session: browsingSession(), personId }).catch((error: unknown) => {
    // A lost log entry must never disturb the visitor.
    console.warn('CotizaLab: no se registró la visita', error);
  });
}
