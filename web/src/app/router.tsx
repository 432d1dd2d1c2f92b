import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import PublicLayout from '../layouts/PublicLayout';
import ErrorPage from '../pages/ErrorPage';
import { PageLoading } from '../layouts/PageLoading';
import { lazyPage } from './lazyPage';

const HomePage = lazyPage(() => import('../pages/HomePage'));
const SearchPage = lazyPage(() => import('../pages/SearchPage'));
const LaboratoryPage = lazyPage(() => import('../pages/LaboratoryPage'));
const ContactPage = lazyPage(() => import('../pages/ContactPage'));
const LoginPage = lazyPage(() => import('../pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../pages/RegisterPage'));
const ResetPasswordPage = lazyPage(() => import('../pages/ResetPasswordPage'));
const EditProfilePage = lazyPage(() => import('../pages/EditProfilePage'));
const PanelPage = lazyPage(() => import('../pages/PanelPage'));
const SuccessPage = lazyPage(() => import('../pages/SuccessPage'));
const FaqPage = lazyPage(() => import('../pages/FaqPage'));
const TermsPage = lazyPage(() => import('../pages/TermsPage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));
const BackOfficeLayout = lazyPage(() => import('../layouts/BackOfficeLayout'));
const BackOfficeHome = lazyPage(() => import('../pages/BackOfficeHome'));

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** History-mode routes (spec §2), one lazy chunk per screen. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: page(<HomePage />) },
      { path: 'buscador', element: page(<SearchPage />) },
      { path: 'laboratorio/:id?', element: page(<LaboratoryPage />) },
      { path: 'contacto', element: page(<ContactPage />) },
      { path: 'contact-success', element: page(<SuccessPage kind="contact" />) },
      { path: 'login', element: page(<LoginPage />) },
      { path: 'registro', element: page(<RegisterPage />) },
      { path: 'register-success', element: page(<SuccessPage kind="register" />) },
      { path: 'reset-password', element: page(<ResetPasswordPage />) },
      { path: 'editar-datos', element: page(<EditProfilePage />) },
      { path: 'panel', element: page(<PanelPage />) },
      { path: 'preguntas-frecuentes', element: page(<FaqPage />) },
      { path: 'terminos-y-condiciones', element: page(<TermsPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
  {
    path: '/app',
    element: page(<BackOfficeLayout />),
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: page(<BackOfficeHome />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
]);
