import type { ProfileCode } from '@contracts';
import type { RegistryEntry } from './types';

/**
 * Every back-office resource, in the side menu's order (spec §2). It drives both the routes and
 * the menu: a new resource is one folder under resources/ and one entry here.
 */
export const REGISTRY: RegistryEntry[] = [
  { name: 'reports', path: 'reports', label: 'Reportes', icon: 'pi pi-chart-bar', profiles: ['ADM'], screens: () => import('./reports') },
  { name: 'reports-search-history', path: 'reports/searchHistory', label: 'Historial de búsquedas', icon: 'pi pi-search', profiles: ['ADM'], screens: () => import('./reports/search-history') },
  { name: 'reports-result-history', path: 'reports/resultHistory', label: 'Historial de resultados', icon: 'pi pi-sort-numeric-down', profiles: ['ADM', 'PRV'], screens: () => import('./reports/result-history') },
  { name: 'exams', path: 'exams', label: 'Exámenes', icon: 'pi pi-list', profiles: ['ADM'], screens: () => import('./exams') },
  { name: 'order-terms', path: 'order-terms', label: 'Vocabulario de órdenes', icon: 'pi pi-book', profiles: ['ADM'], screens: () => import('./order-terms') },
  { name: 'authorized-examinations', path: 'authorized-examinations', label: 'Exámenes autorizados', icon: 'pi pi-check-square', profiles: ['ADM', 'PRV'], screens: () => import('./authorized-examinations') },
  { name: 'users', path: 'users', label: 'Usuarios', icon: 'pi pi-users', profiles: ['ADM', 'PRV'], screens: () => import('./users') },
  { name: 'my-company', path: 'my-company', label: 'Mi empresa', icon: 'pi pi-briefcase', profiles: ['PRV'], ownRecord: true, screens: () => import('./my-company') },
  { name: 'company', path: 'company', label: 'Empresas', icon: 'pi pi-briefcase', profiles: ['ADM'], screens: () => import('./companies') },
  { name: 'laboratories', path: 'laboratories', label: 'Laboratorios', icon: 'pi pi-building', profiles: ['ADM', 'PRV'], screens: () => import('./laboratories') },
  { name: 'imports', path: 'imports', label: 'Importaciones', icon: 'pi pi-upload', profiles: ['ADM', 'PRV'], screens: () => import('./imports') },
  { name: 'products', path: 'products', label: 'Productos', icon: 'pi pi-box', profiles: ['ADM', 'PRV'], screens: () => import('./products') },
  { name: 'categories', path: 'categories', label: 'Categorías', icon: 'pi pi-tags', profiles: ['ADM'], screens: () => import('./categories') },
  { name: 'banners', path: 'banners', label: 'Banners', icon: 'pi pi-image', profiles: ['ADM'], screens: () => import('./banners') },
  { name: 'sliders', path: 'sliders', label: 'Sliders', icon: 'pi pi-images', profiles: ['ADM'], screens: () => import('./sliders') },
  { name: 'salesorders', path: 'salesorders', label: 'Órdenes de venta', icon: 'pi pi-shopping-bag', profiles: ['ADM', 'PRV'], screens: () => import('./salesorders') },
  { name: 'select-lists', path: 'maintainers/select-lists', label: 'Listas Seleccionables Tipo', icon: 'pi pi-bars', group: 'Mantenedores', profiles: ['ADM'], screens: () => import('./select-lists') },
  { name: 'administrators', path: 'maintainers/administrators', label: 'Administradores', icon: 'pi pi-id-card', group: 'Mantenedores', profiles: ['ADM'], screens: () => import('./administrators') },
  { name: 'visibility', path: 'maintainers/visibility', label: 'Visibilidad atributos', icon: 'pi pi-eye', group: 'Mantenedores', profiles: ['ADM'], screens: () => import('./visibility') },
  { name: 'uf-values', path: 'maintainers/uf-values', label: 'Valor UF', icon: 'pi pi-dollar', group: 'Mantenedores', profiles: ['ADM'], screens: () => import('./uf-values') },
];

/** The entries a profile may see: a provider sees those of its own company, laboratories and prices. */
export const entriesFor = (profile: ProfileCode) => REGISTRY.filter((entry) => entry.profiles.includes(profile));

/** The profiles that may enter the back office at all. */
export const BACK_OFFICE_PROFILES = new Set<ProfileCode>(REGISTRY.flatMap((entry) => entry.profiles));

/** The entry whose screens show `pathname` (/app/…): the longest path holding it, as the router picks. */
export function entryAt(pathname: string, entries: RegistryEntry[] = REGISTRY): RegistryEntry | undefined {
  return entries
    .filter((entry) => pathname === `/app/${entry.path}` || pathname.startsWith(`/app/${entry.path}/`))
    .reduce<RegistryEntry | undefined>((longest, entry) => (longest && longest.path.length >= entry.path.length ? longest : entry), undefined);
}
