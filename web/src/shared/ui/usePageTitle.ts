import { useEffect } from 'react';

const SITE = 'CotizaLab';

/**
 * The tab's title (and the page's description for those who read it) for this page: what a
 * person sees in their tabs and history, and what a shared link is called. `null` while the
 * page's data loads keeps the previous one.
 */
export function usePageTitle(title: string | null, description?: string) {
  useEffect(() => {
    if (title === null) return;
    document.title = title === SITE ? SITE : `${title} · ${SITE}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
