import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { loginBoxShown } from '../../shared/auth/authSlice';
import { LoginBox } from '../../shared/auth/LoginBox';
import { RecoveryBox } from '../../shared/auth/RecoveryBox';
import { usePageTitle } from '../../shared/ui/usePageTitle';

/** Only paths of this site: an address like //evil.example must not become a redirect. */
const safeReturn = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') ? to : '/panel');

export default function LoginPage() {
  usePageTitle('Ingresar');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { person, recoveryBoxVisible } = useAppSelector((state) => state.auth);

  useEffect(() => {
    dispatch(loginBoxShown(true));
    return () => {
      dispatch(loginBoxShown(false));
    };
  }, [dispatch]);

  if (person) return <Navigate to={safeReturn(params.get('volver'))} replace />;
  return (
    <div className="cl-container cl-narrow">
      {recoveryBoxVisible ? <RecoveryBox /> : <LoginBox />}
      <p className="cl-center">
        ¿No tienes cuenta? <Link to="/registro">Regístrate gratis</Link>
      </p>
    </div>
  );
}
