import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { Link, useSearchParams } from 'react-router-dom';
import { usePasswordResetForm } from '../../api/auth';
import { PASSWORD_HINT } from '../../shared/auth/ChangePasswordBox';
import { RecoveryBox } from '../../shared/auth/RecoveryBox';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { usePageTitle } from '../../shared/ui/usePageTitle';

/** The mailed link (recovery or invitation) lands here with its single-use token. */
export default function ResetPasswordPage() {
  usePageTitle('Elige tu nueva contraseña');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = usePasswordResetForm();

  if (!token) {
    return (
      <div className="cl-container cl-narrow">
        <RecoveryBox />
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit({ token, password })) setDone(true);
  };
  const tokenProblem = form.fieldErrors.token ?? (form.error && !form.fieldErrors.password ? form.error : null);
  return (
    <div className="cl-container cl-narrow">
      <form className="cl-form" onSubmit={submit} aria-labelledby="reset-title">
        <h1 id="reset-title" className="cl-page-title">Elige tu nueva contraseña</h1>
        {done ? (
          <>
            <Message severity="success" text="Listo: ya puedes ingresar con tu nueva contraseña." />
            <Link to="/login" className="p-button cl-message__home">Ingresar</Link>
          </>
        ) : (
          <>
            {tokenProblem && (
              <Message severity="error" text={`${tokenProblem} Pide un enlace nuevo desde «¿Olvidaste tu contraseña?».`} />
            )}
            <FormField id="reset-password" label="Nueva contraseña" error={form.fieldErrors.password} hint={PASSWORD_HINT}>
              <Password inputId="reset-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask required {...describedBy('reset-password', form.fieldErrors.password, PASSWORD_HINT)} />
            </FormField>
            <Button type="submit" label="Guardar contraseña" loading={form.submitting} />
          </>
        )}
      </form>
    </div>
  );
}
