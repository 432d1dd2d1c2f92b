import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import type { LoggedPerson, LoggedUser } from '../../shared/auth/authSlice';

/** A screen for the signed-in person: others go to /login and come back after; after a logout, home. */
export function SignedInOnly({ children }: { children: (who: { person: LoggedPerson; user: LoggedUser }) => ReactNode }) {
  const { person, user, checked, signedOutTo } = useAppSelector((state) => state.auth);
  const { pathname } = useLocation();
  if (!checked) return <div className="cl-container cl-muted cl-block" aria-busy="true">Cargando tu cuenta…</div>;
  if (signedOutTo !== null && (!person || !user)) return <Navigate to={signedOutTo} replace />;
  if (!person || !user) return <Navigate to={`/login?volver=${encodeURIComponent(pathname)}`} replace />;
  return <>{children({ person, user })}</>;
}
