import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import PublicLayout from '../layouts/PublicLayout';
import ErrorPage from '../pages/ErrorPage';
import { PageLoading } from '../layouts/PageLoading';
import { lazyPage } from './lazyPage';

const HomePage = lazyPage(() => import('../pages/HomePage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));
const BackOfficeLayout = lazyPage(() => import('../layouts/BackOfficeLayout'));
const BackOfficeHome = lazyPage(() => import('../pages/BackOfficeHome'));

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** History-mode routes. Screens of later issues plug in here, one lazy chunk per route. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: page(<HomePage />) },
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
