import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { loginBoxShown, tokenCheckRequested } from '../../shared/auth/authSlice';
import { LoginBox } from '../../shared/auth/LoginBox';
import { RecoveryBox } from '../../shared/auth/RecoveryBox';
import { NetworkProgress } from '../../shared/ui/NetworkProgress';

/** Only addresses of the back office: `volver=//evil.example` must not become a redirect. */
const safeReturn = (to: string | null) => (to && to.startsWith('/app') && !to.startsWith('/app/login') ? to : '/app');

/** /app/login: the back office's own sign-in, for laboratories and administrators. */
export default function BackOfficeLogin() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { person, checked, signedOutTo, recoveryBoxVisible } = useAppSelector((state) => state.auth);

  useEffect(() => {
    if (!checked) dispatch(tokenCheckRequested());
    dispatch(loginBoxShown(true));
    return () => {
      dispatch(loginBoxShown(false));
    };
    // Once on arrival: the check must not run again when it completes.
  }, [dispatch]);

  // Someone signing out to change accounts is still `person` until the API answers: not a redirect.
  if (person && signedOutTo === null) return <Navigate to={safeReturn(params.get('volver'))} replace />;
  return (
    <div className="cl-bo-login">
      <NetworkProgress />
      <main className="cl-bo-login__card">
        <Link to="/" className="cl-bo-login__brand" aria-label="CotizaLab, ir al sitio">
          <img src="/favicon.svg" alt="" width={64} height={64} />
          <span>
            Cotiza<strong>Lab</strong>
          </span>
        </Link>
        <p className="cl-bo-login__lead">Administración para laboratorios y equipo CotizaLab</p>
        {recoveryBoxVisible ? <RecoveryBox /> : <LoginBox title="Ingresa a la administración" />}
        <p className="cl-center">
          <Link to="/">Volver al sitio</Link>
        </p>
      </main>
    </div>
  );
}
