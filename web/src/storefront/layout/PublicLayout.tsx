import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { logAccess } from '../features/access-log/accessLog';
import { logoutRequested, tokenCheckRequested } from '../../shared/auth/authSlice';
import { CartTopBox } from '../features/cart/CartTopBox';
import { Logo } from './Logo';
import { NetworkProgress } from '../../shared/ui/NetworkProgress';

export default function PublicLayout() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname, search, key: historyKey } = useLocation();
  const { person, checked } = useAppSelector((state) => state.auth);
  const personId = useRef<number | null>(null);
  personId.current = person?.id ?? null;

  // Once per page load: coming back from the back office, the state already says who is signed in.
  useEffect(() => {
    if (!checked) dispatch(tokenCheckRequested());
  }, [dispatch, checked]);

  // Spec §2: every route change is logged. The query string is part of the route: it is the quote.
  const route = pathname + search;
  useEffect(() => {
    logAccess(route, personId.current);
  }, [route]);

  // A new screen opened in the app starts at its top. Not the first one: the browser has placed it (a reload keeps its
  // place, a link's #anchor its target), and a visitor may have scrolled the server's page before the app hydrated it
  // (a jump back to the top then moved a footer link from under their finger).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="cl-public">
      <a href="#contenido" className="cl-skip">Saltar al contenido</a>
      <NetworkProgress />
      <header className="cl-header">
        <div className="cl-container cl-header__row">
          <Logo />
          <nav aria-label="Principal" className="cl-header__nav">
            <Link to="/buscador">Buscar exámenes</Link>
            {/* On a phone the home page's package rows lead there: the nav row has no room for one more link. */}
            <Link to="/paquetes" className="cl-wide-only">Paquetes</Link>
            <Link to="/preguntas-frecuentes">
              <span className="cl-wide-only">Preguntas frecuentes</span>
              <span className="cl-phone-only">Ayuda</span>
            </Link>
            <Link to="/contacto">Contacto</Link>
          </nav>
          <div className="cl-header__actions">
            <CartTopBox />
            {checked && !person && (
              <Link to="/login" className="cl-header__login">
                <i className="pi pi-user" aria-hidden="true" /> Ingresar
              </Link>
            )}
            {person && (
              <>
                <Link to="/panel" className="cl-header__login" aria-label={`Mi cuenta: ${person.firstName} ${person.lastName}`}>
                  <i className="pi pi-user" aria-hidden="true" /> <span className="cl-wide-only">{person.firstName}</span>
                </Link>
                <Button
                  icon="pi pi-sign-out"
                  text
                  rounded
                  aria-label="Cerrar sesión"
                  tooltip="Cerrar sesión"
                  tooltipOptions={{ position: 'bottom' }}
                  onClick={() => {
                    dispatch(logoutRequested());
                    navigate('/');
                  }}
                />
              </>
            )}
          </div>
        </div>
      </header>
      <main className="cl-main" id="contenido" tabIndex={-1}>
        {pathname !== '/' && (
          <div className="cl-container">
            {/* Back within CotizaLab; a page opened from a shared link (the first of this visit) goes home, never off the site. */}
            <Button label="VOLVER" icon="pi pi-arrow-left" text className="cl-back" onClick={() => (historyKey !== 'default' ? navigate(-1) : navigate('/'))} />
          </div>
        )}
        <Outlet />
      </main>
      <footer className="cl-footer">
        <div className="cl-container cl-footer__row">
          {/* The server's year and the browser's differ only around a new year's midnight: not worth a second render. */}
          <span suppressHydrationWarning>{`© ${new Date().getFullYear()} CotizaLab`}</span>
          <Link to="/preguntas-frecuentes">Preguntas frecuentes</Link>
          <Link to="/terminos-y-condiciones">Términos y condiciones</Link>
          <Link to="/contacto">Contacto</Link>
          <Link to="/registro-laboratorio">¿Tienes un laboratorio? Publica tus precios</Link>
          <Link to="/app">Acceso laboratorios y administración</Link>
        </div>
      </footer>
    </div>
  );
}
