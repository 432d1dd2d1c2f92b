import { Button } from 'primereact/button';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from './Logo';
import { NetworkProgress } from './NetworkProgress';

export default function PublicLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="cl-public">
      <NetworkProgress />
      <header className="cl-header">
        <div className="cl-container cl-header__row">
          <Logo />
          <nav aria-label="Principal" className="cl-header__nav">
            <Link to="/buscador">Buscar exámenes</Link>
            <Link to="/preguntas-frecuentes">Preguntas frecuentes</Link>
            <Link to="/contacto">Contacto</Link>
            <Link to="/login" className="cl-header__login">
              <i className="pi pi-user" aria-hidden="true" /> Ingresar
            </Link>
          </nav>
        </div>
      </header>
      <main className="cl-main" id="contenido">
        {pathname !== '/' && (
          <div className="cl-container">
            <Button label="VOLVER" icon="pi pi-arrow-left" text className="cl-back" onClick={() => navigate(-1)} />
          </div>
        )}
        <Outlet />
      </main>
      <footer className="cl-footer">
        <div className="cl-container cl-footer__row">
          <span>© {new Date().getFullYear()} CotizaLab</span>
          <Link to="/terminos-y-condiciones">Términos y condiciones</Link>
          <Link to="/app">Acceso laboratorios y administración</Link>
        </div>
      </footer>
    </div>
  );
}
