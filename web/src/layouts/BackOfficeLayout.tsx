import { useState } from 'react';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { NavLink, Outlet } from 'react-router-dom';
import { Logo } from './Logo';
import { NetworkProgress } from './NetworkProgress';

/** Side menu of the spec §2; each entry requires the ADM profile once accounts exist. */
const MENU = [
  { label: 'Reportes', icon: 'pi pi-chart-bar', to: '/app/reports' },
  { label: 'Exámenes', icon: 'pi pi-list', to: '/app/exams' },
  { label: 'Exámenes autorizados', icon: 'pi pi-check-square', to: '/app/authorized-examinations' },
  { label: 'Usuarios', icon: 'pi pi-users', to: '/app/users' },
  { label: 'Laboratorios', icon: 'pi pi-building', to: '/app/laboratories' },
];
const MAINTAINERS = [
  { label: 'Listas Seleccionables Tipo', icon: 'pi pi-bars', to: '/app/maintainers/select-lists' },
  { label: 'Administradores', icon: 'pi pi-id-card', to: '/app/maintainers/administrators' },
  { label: 'Visibilidad atributos', icon: 'pi pi-eye', to: '/app/maintainers/visibility' },
];

function Menu({ onNavigate }: { onNavigate?: () => void }) {
  const link = (item: (typeof MENU)[number]) => (
    <li key={item.to}>
      <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => `cl-menu__link${isActive ? ' is-active' : ''}`}>
        <i className={item.icon} aria-hidden="true" /> {item.label}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label="Menú de administración" className="cl-menu">
      <ul>{MENU.map(link)}</ul>
      <p className="cl-menu__group" id="menu-mantenedores">Mantenedores</p>
      <ul aria-labelledby="menu-mantenedores">{MAINTAINERS.map(link)}</ul>
    </nav>
  );
}

export default function BackOfficeLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="cl-backoffice">
      <NetworkProgress />
      <aside className="cl-drawer">
        <div className="cl-drawer__logo">
          <Logo to="/app" />
        </div>
        <Menu />
      </aside>
      <Sidebar visible={drawerOpen} onHide={() => setDrawerOpen(false)} header={<Logo to="/app" compact />} aria-label="Menú">
        <Menu onNavigate={() => setDrawerOpen(false)} />
      </Sidebar>
      <div className="cl-backoffice__body">
        <header className="cl-toolbar">
          <Button icon="pi pi-bars" text rounded className="cl-toolbar__menu" aria-label="Abrir menú" onClick={() => setDrawerOpen(true)} />
          <span className="cl-toolbar__title">Administración</span>
          <NavLink to="/" className="cl-toolbar__exit" aria-label="Salir al sitio público" title="Salir al sitio público">
            <i className="pi pi-sign-out" aria-hidden="true" />
          </NavLink>
        </header>
        <main className="cl-backoffice__main">
          <Outlet />
        </main>
        <footer className="cl-backoffice__footer">© {new Date().getFullYear()} CotizaLab</footer>
      </div>
    </div>
  );
}
