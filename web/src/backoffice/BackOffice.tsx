import { Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { lazyPage } from '../app/lazyPage';
import { PageLoading } from '../shared/ui/PageLoading';
import NotFoundPage from '../shared/ui/NotFoundPage';
import { BackOfficeGate, ProfileGate } from './frame/BackOfficeGate';
import BackOfficeHome from './frame/BackOfficeHome';
import BackOfficeLayout from './frame/BackOfficeLayout';
import BackOfficeLogin from './frame/BackOfficeLogin';
import { entryAt, REGISTRY } from './resources/registry';
import type { RegistryEntry, ResourceScreens } from './resources/types';

/**
 * A screen that takes the `:id` of the address: a missing one shows the list (or, for the caller's
 * own record, its `own` screen: /app/my-company/edit), a malformed one 404.
 */
function WithId({ screen: Screen, listPath, own: Own }: { screen: ComponentType<{ id: number }>; listPath: string; own?: ComponentType }) {
  const { id } = useParams();
  if (id === undefined) return Own ? <Own /> : <Navigate to={listPath} replace />;
  const parsed = Number(id);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) return <NotFoundPage />;
  // Keyed by id: going from one record to another starts the screen afresh.
  return <Screen key={parsed} id={parsed} />;
}

/** One lazy chunk per resource folder, shared by its four screens. */
function lazyScreens(load: NonNullable<RegistryEntry['screens']>) {
  const screens = (): Promise<Required<ResourceScreens>> =>
    load().then(({ default: s }) => ({ list: s.list, create: s.create ?? NotFoundPage, edit: s.edit ?? NotFoundPage, show: s.show ?? NotFoundPage, editOwn: s.editOwn ?? NotFoundPage }));
  const byKind = {
    list: lazyPage(() => screens().then((s) => ({ default: s.list }))),
    create: lazyPage(() => screens().then((s) => ({ default: s.create }))),
    edit: lazyPage(() => screens().then((s) => ({ default: s.edit }))),
    show: lazyPage(() => screens().then((s) => ({ default: s.show }))),
    editOwn: lazyPage(() => screens().then((s) => ({ default: s.editOwn }))),
  };
  return { ...byKind, preload: () => Promise.all(Object.values(byKind).map((lazy) => lazy.preload())) };
}

const screen = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/**
 * The back office under /app (spec §2): its own login, the gate that lets in only the profiles
 * that have a menu, the frame, and the routes of every registered resource.
 */
export default function BackOffice() {
  const resources = useMemo(() => REGISTRY.flatMap((entry) => (entry.screens ? [{ entry, screens: lazyScreens(entry.screens) }] : [])), []);
  // The opened resource's chunk loads while the gate checks who is signed in, not after. On the first address the
  // back office waits for it in plain sight (a loading screen of its own, not a Suspense fallback): a screen that
  // suspends shows its fallback, and React then holds the screen back until 300 ms after it (its throttle of Suspense
  // reveals), though the chunk is usually in a few milliseconds after the sign-in check. Later navigations are
  // transitions, which keep the current screen up while the next chunk loads.
  const { pathname } = useLocation();
  const openedEntry = entryAt(pathname);
  const opened = resources.find(({ entry }) => entry === openedEntry);
  const [firstChunkLoading, setFirstChunkLoading] = useState(opened !== undefined);
  useEffect(() => {
    opened?.screens
      .preload()
      .catch(() => undefined)
      .finally(() => setFirstChunkLoading(false));
  }, [opened]);
  if (firstChunkLoading) return <PageLoading />;
  return (
    <Routes>
      <Route path="login" element={<BackOfficeLogin />} />
      <Route element={<BackOfficeGate><BackOfficeLayout /></BackOfficeGate>}>
        <Route index element={<BackOfficeHome />} />
        {resources.map(({ entry, screens }) => {
          const listPath = `/app/${entry.path}`;
          return (
            <Route key={entry.name} path={entry.path} element={<ProfileGate entry={entry} />}>
              <Route index element={screen(<screens.list />)} />
              <Route path="new" element={screen(<screens.create />)} />
              <Route path="edit/:id?" element={screen(<WithId screen={screens.edit} listPath={listPath} own={entry.ownRecord ? screens.editOwn : undefined} />)} />
              <Route path="view/:id?" element={screen(<WithId screen={screens.show} listPath={listPath} />)} />
            </Route>
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
