import { Component, Suspense, type ReactNode } from 'react';
import { matchPath, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import PublicLayout from '../storefront/layout/PublicLayout';
import ErrorPage from '../shared/ui/ErrorPage';
import { PageLoading } from '../shared/ui/PageLoading';
import { lazyPage } from './lazyPage';
import { loadBackOffice, loadHomePage, loadLaboratoryPage, loadSearchPage } from './pages';

const HomePage = lazyPage(loadHomePage);
const SearchPage = lazyPage(loadSearchPage);
const LaboratoryPage = lazyPage(loadLaboratoryPage);
const ContactPage = lazyPage(() => import('../storefront/pages/ContactPage'));
const LoginPage = lazyPage(() => import('../storefront/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../storefront/pages/RegisterPage'));
const ProviderRegisterPage = lazyPage(() => import('../storefront/pages/ProviderRegisterPage'));
const ResetPasswordPage = lazyPage(() => import('../storefront/pages/ResetPasswordPage'));
const EditProfilePage = lazyPage(() => import('../storefront/pages/EditProfilePage'));
const PanelPage = lazyPage(() => import('../storefront/pages/PanelPage'));
const SuccessPage = lazyPage(() => import('../storefront/pages/SuccessPage'));
const FaqPage = lazyPage(() => import('../storefront/pages/FaqPage'));
const TermsPage = lazyPage(() => import('../storefront/pages/TermsPage'));
const ProductsPage = lazyPage(() => import('../storefront/pages/ProductsPage'));
const ProductPage = lazyPage(() => import('../storefront/pages/ProductPage'));
const NotFoundPage = lazyPage(() => import('../shared/ui/NotFoundPage'));
const CheckoutPage = lazyPage(() => import('../storefront/pages/CheckoutPage'));
const VoucherPage = lazyPage(() => import('../storefront/pages/VoucherPage'));
const TransactionFailedPage = lazyPage(() => import('../storefront/pages/TransactionFailedPage'));
const KeptQuotePage = lazyPage(() => import('../storefront/pages/KeptQuotePage'));
const BackOffice = lazyPage(loadBackOffice);

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/**
 * Any failure while rendering a route shows the error page in place of the routes (the role the data router's
 * `errorElement` had); going to another address tries again.
 */
class RouteErrorBoundary extends Component<{ location: string; children: ReactNode }, { error: unknown; location: string }> {
  state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: { location: string }, state: { error: unknown; location: string }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error !== undefined ? <ErrorPage /> : this.props.children;
  }
}

/**
 * History-mode routes (spec §2), one lazy chunk per screen. A plain route table under <BrowserRouter> (boot.tsx),
 * not a data router: the app loads no data through the router, and the data router was ~20 kB gzip of every
 * page's first load (docs/decisions.md, "The storefront's weight").
 */
const ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    children: [
      { index: true, element: page(<HomePage />) },
      { path: 'buscador', element: page(<SearchPage />) },
      { path: 'laboratorio/:id?', element: page(<LaboratoryPage />) },
      { path: 'contacto', element: page(<ContactPage />) },
      { path: 'contact-success', element: page(<SuccessPage kind="contact" />) },
      { path: 'login', element: page(<LoginPage />) },
      { path: 'registro', element: page(<RegisterPage />) },
      { path: 'register-success', element: page(<SuccessPage kind="register" />) },
      { path: 'registro-laboratorio', element: page(<ProviderRegisterPage />) },
      { path: 'registro-laboratorio/recibido', element: page(<SuccessPage kind="provider" />) },
      { path: 'reset-password', element: page(<ResetPasswordPage />) },
      { path: 'editar-datos', element: page(<EditProfilePage />) },
      { path: 'panel', element: page(<PanelPage />) },
      { path: 'preguntas-frecuentes', element: page(<FaqPage />) },
      { path: 'terminos-y-condiciones', element: page(<TermsPage />) },
      { path: 'paquetes', element: page(<ProductsPage />) },
      { path: 'paquete/:id', element: page(<ProductPage />) },
      { path: 'checkout', element: page(<CheckoutPage />) },
      { path: 'voucher/:id', element: page(<VoucherPage />) },
      { path: 'transaction/failed/:id', element: page(<TransactionFailedPage />) },
      { path: 'cotizacion/:ref', element: page(<KeptQuotePage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
  {
    path: '/app/*',
    element: page(<BackOffice />),
  },
];

/** The app's routes; rendered inside <BrowserRouter>. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const routes = useRoutes(ROUTES);
  return <RouteErrorBoundary location={pathname}>{routes}</RouteErrorBoundary>;
}

/**
 * The chunk of the page at `pathname`, loaded before the first render (boot.tsx): the page then renders at once (over
 * the server's HTML of it, for a public page), with no empty <main> while its chunk arrives.
 */
const FIRST_PAGES: [path: string, page: { preload: () => Promise<unknown> }][] = [
  ['/', HomePage], ['/buscador', SearchPage], ['/laboratorio/:id', LaboratoryPage], ['/contacto', ContactPage], ['/login', LoginPage],
  ['/registro', RegisterPage], ['/registro-laboratorio', ProviderRegisterPage], ['/preguntas-frecuentes', FaqPage], ['/terminos-y-condiciones', TermsPage],
  ['/paquetes', ProductsPage], ['/paquete/:id', ProductPage], ['/contact-success', SuccessPage], ['/register-success', SuccessPage],
  ['/registro-laboratorio/recibido', SuccessPage], ['/reset-password', ResetPasswordPage], ['/editar-datos', EditProfilePage], ['/panel', PanelPage],
  ['/checkout', CheckoutPage], ['/voucher/:id', VoucherPage], ['/transaction/failed/:id', TransactionFailedPage], ['/cotizacion/:ref', KeptQuotePage],
  ['/app/*', BackOffice],
  // Every address: a suspended first render shows its fallback, and React then holds what replaces it back for up to
  // 300 ms (its throttle of Suspense reveals). An unknown address is the 404 page.
  ['*', NotFoundPage],
];
export function preloadPage(pathname: string): Promise<unknown> {
  return FIRST_PAGES.find(([path]) => matchPath(path, pathname))?.[1].preload() ?? Promise.resolve();
}
