import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Sidebar } from 'primereact/sidebar';
import { Toast, type ToastMessage } from 'primereact/toast';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { ProfileCode } from '@contracts';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { logoutRequested } from '../../shared/auth/authSlice';
import { NetworkProgress } from '../../shared/ui/NetworkProgress';
import { NotifyContext } from '../crud/hooks';
import { entriesFor, entryAt } from '../resources/registry';
import type { RegistryEntry } from '../resources/types';

const MINI_KEY = 'cotizalab:drawer-mini';

/** Registered screens are links; entries still to be built are shown, marked, and lead nowhere. */
function MenuItem({ entry, current, mini, onNavigate }: { entry: RegistryEntry; current: boolean; mini: boolean; onNavigate?: () => void }) {
  const content = (
    <>
      <i className={entry.icon} aria-hidden="true" />
      <span className="cl-menu__label">{entry.label}</span>
    </>
  );
  if (!entry.screens) {
    return (
      <li>
        <span className="cl-menu__link is-soon" aria-disabled="true" title={`${entry.label}: próximamente`}>
          {content}
          <span className="cl-menu__soon">Pronto</span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link to={`/app/${entry.path}`} onClick={onNavigate} title={mini ? entry.label : undefined} aria-current={current ? 'page' : undefined} className={`cl-menu__link${current ? ' is-active' : ''}`}>
        {content}
      </Link>
    </li>
  );
}

function Menu({ profile, mini = false, onNavigate }: { profile: ProfileCode; mini?: boolean; onNavigate?: () => void }) {
  const entries = entriesFor(profile);
  const main = entries.filter((e) => !e.group);
  const maintainers = entries.filter((e) => e.group === 'Mantenedores');
  // The entry the address belongs to, not every entry whose path it starts with: on /app/reports/searchHistory
  // "Historial de búsquedas" is the page, not "Reportes" as well.
  const current = entryAt(useLocation().pathname);
  const item = (e: RegistryEntry) => <MenuItem key={e.name} entry={e} current={e === current} mini={mini} onNavigate={onNavigate} />;
  return (
    <nav aria-label="Menú de administración" className="cl-menu">
      <ul>{main.map(item)}</ul>
      {maintainers.length > 0 && (
        <>
          <p className="cl-menu__group" id={`menu-mantenedores${mini ? '-mini' : ''}`}>Mantenedores</p>
          <ul aria-labelledby={`menu-mantenedores${mini ? '-mini' : ''}`}>{maintainers.map(item)}</ul>
        </>
      )}
    </nav>
  );
}

/** Who is signed in (spec §2): full name, e-mail and profile, and the way out. */
function UserBox({ onSignOut }: { onSignOut: () => void }) {
  const { person, user } = useAppSelector((state) => state.auth);
  if (!person || !user) return null;
  return (
    <section className="cl-userbox" aria-label="Tu cuenta">
      <p className="cl-userbox__name">{person.firstName} {person.lastName}</p>
      <p className="cl-userbox__email">{user.email}</p>
      <p className="cl-userbox__profile">
        {person.profile.name}
        {person.company && <> · {person.company.tradeName}</>}
      </p>
      <Button label="Cerrar Sesión" icon="pi pi-sign-out" size="small" outlined onClick={onSignOut} />
    </section>
  );
}

/** The back-office frame: drawer (full or mini on wide screens, a sliding panel on phones), toolbar, footer. */
export default function BackOfficeLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const profile = useAppSelector((state) => state.auth.person?.profile.code);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mini, setMini] = useState(() => localStorage.getItem(MINI_KEY) === '1');
  const toast = useRef<Toast>(null);

  const signOut = () => {
    setDrawerOpen(false);
    dispatch(logoutRequested());
    navigate('/');
  };
  const toggleMini = () => {
    localStorage.setItem(MINI_KEY, mini ? '0' : '1');
    setMini(!mini);
  };
  const notify = (message: ToastMessage) => toast.current?.show({ life: 4000, ...message });
  if (!profile) return null;

  return (
    <NotifyContext.Provider value={notify}>
      <div className={`cl-backoffice${mini ? ' is-mini' : ''}`}>
        <a href="#contenido" className="cl-skip">Saltar al contenido</a>
        <NetworkProgress />
        <Toast ref={toast} position="top-right" />
        <ConfirmDialog />
        <aside className="cl-drawer" aria-label="Navegación">
          <div className="cl-drawer__logo">
            <Link to="/app" className="cl-drawer__brand" aria-label="CotizaLab, inicio de la administración">
              {mini ? <img src="/logo-mini.svg" alt="" width={50} height={25} /> : <img src="/favicon.svg" alt="" width={100} height={100} />}
              {!mini && <span className="cl-drawer__name">Cotiza<strong>Lab</strong></span>}
            </Link>
          </div>
          {!mini && <UserBox onSignOut={signOut} />}
          <Menu profile={profile} mini={mini} />
        </aside>
        <Sidebar visible={drawerOpen} onHide={() => setDrawerOpen(false)} header={<img src="/logo-mini.svg" alt="CotizaLab" width={50} height={25} />} aria-label="Menú" className="cl-drawer-panel">
          <UserBox onSignOut={signOut} />
          <Menu profile={profile} onNavigate={() => setDrawerOpen(false)} />
        </Sidebar>
        <div className="cl-backoffice__body">
          <header className="cl-toolbar">
            <Button icon="pi pi-bars" text rounded className="cl-toolbar__menu" aria-label="Abrir menú" onClick={() => setDrawerOpen(true)} />
            <Button
              icon={mini ? 'pi pi-angle-double-right' : 'pi pi-angle-double-left'}
              text
              rounded
              className="cl-toolbar__mini"
              aria-label={mini ? 'Expandir menú' : 'Contraer menú'}
              aria-pressed={mini}
              onClick={toggleMini}
            />
            <span className="cl-toolbar__title">Administración</span>
            <Link to="/" className="cl-toolbar__site">Ver sitio</Link>
            <Button icon="pi pi-sign-out" text rounded className="cl-toolbar__exit" aria-label="Cerrar sesión" tooltip="Cerrar sesión" tooltipOptions={{ position: 'bottom' }} onClick={signOut} />
          </header>
          <main className="cl-backoffice__main" id="contenido" tabIndex={-1}>
            <Outlet />
          </main>
          <footer className="cl-backoffice__footer">
            <span>© {new Date().getFullYear()} CotizaLab</span>
            <span>Versión {__APP_VERSION__}</span>
          </footer>
        </div>
      </div>
    </NotifyContext.Provider>
  );
}
