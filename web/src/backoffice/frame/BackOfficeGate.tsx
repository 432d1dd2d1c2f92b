import { useEffect, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { logoutRequested, tokenCheckRequested } from '../../shared/auth/authSlice';
import { PageLoading } from '../../shared/ui/PageLoading';
import { BACK_OFFICE_PROFILES } from '../resources/registry';
import type { RegistryEntry } from '../resources/types';

/**
 * Lets into /app only a signed-in person whose profile has a menu there. Anonymous visitors go to
 * /app/login and come back to the address they wanted; a visitor account is told why it cannot enter.
 */
export function BackOfficeGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { person, checked, signedOutTo } = useAppSelector((state) => state.auth);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!checked) dispatch(tokenCheckRequested());
  }, [dispatch, checked]);

  if (!checked) return <PageLoading />;
  // Signing out from here goes where the sign-out said (home, or /app/login for another account), also when the answer
  // comes before the button's navigation has rendered; it must not bounce to /app/login?volver= first.
  if (signedOutTo !== null && !person) return <Navigate to={signedOutTo} replace />;
  if (!person) return <Navigate to={`/app/login?volver=${encodeURIComponent(pathname + search)}`} replace />;
  if (!BACK_OFFICE_PROFILES.has(person.profile.code)) return <Refused name={person.firstName} />;
  return <>{children}</>;
}

function Refused({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <main className="cl-container cl-message" aria-labelledby="refused-title">
      <i className="pi pi-lock cl-message__icon cl-message__icon--lock" aria-hidden="true" />
      <h1 id="refused-title">Esta sección es solo para laboratorios y administradores</h1>
      <p>{name}, tu cuenta es de paciente: desde ella puedes cotizar exámenes y ver tu carro, pero no administrar el catálogo.</p>
      <p>
        <Link to="/" className="p-button cl-message__home">Volver al inicio</Link>
      </p>
      <Button
        label="Ingresar con otra cuenta"
        text
        onClick={() => {
          dispatch(logoutRequested('/app/login'));
          navigate('/app/login');
        }}
      />
    </main>
  );
}

/** A registered resource's screens, for the profiles of its entry only (a provider typing an admin address). */
export function ProfileGate({ entry }: { entry: RegistryEntry }) {
  const profile = useAppSelector((state) => state.auth.person?.profile.code);
  if (!profile || !entry.profiles.includes(profile)) {
    return (
      <section className="cl-message" aria-labelledby="forbidden-title">
        <h1 id="forbidden-title">No tienes acceso a {entry.label}</h1>
        <p>Esta sección es solo para administradores de CotizaLab.</p>
        <Link to="/app" className="p-button cl-message__home">Volver al panel</Link>
      </section>
    );
  }
  return <Outlet />;
}
