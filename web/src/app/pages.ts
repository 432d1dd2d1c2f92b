/**
 * The public pages' chunks, by route: the router's lazy pages and the entry (main.tsx, which asks for the chunk of
 * the page being opened as early as it asks for the app) load them through these same functions. No React and no
 * router here: the entry stays a few hundred bytes.
 */
export const loadHomePage = () => import('../storefront/pages/HomePage');
export const loadSearchPage = () => import('../storefront/pages/SearchPage');
export const loadLaboratoryPage = () => import('../storefront/pages/LaboratoryPage');
// The whole back office (frame, registry, shells, resources) is one lazy entry: the storefront never loads it.
export const loadBackOffice = () => import('../backoffice/BackOffice');

/** The chunk of the page a link opens, for the pages people arrive at from outside (search engines, chats), and the back office's. */
export function pageLoaderFor(pathname: string): (() => Promise<unknown>) | undefined {
  if (pathname === '/') return loadHomePage;
  if (pathname === '/buscador' || pathname === '/buscador/') return loadSearchPage;
  if (/^\/laboratorio\/[^/]+\/?$/.test(pathname)) return loadLaboratoryPage;
  if (pathname === '/app' || pathname.startsWith('/app/')) return loadBackOffice;
  return undefined;
}
