import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useAppDispatch } from '../../app/store';
import { usePasswordChangeForm } from '../../api/auth';
import { describedBy, FormField } from '../ui/FormField';
import { changePasswordBoxShown } from './authSlice';

export const PASSWORD_HINT = 'Al menos 10 caracteres. Una frase que recuerdes es más segura que una palabra con símbolos.';

/** Changes the signed-in person's password, knowing the current one; other sessions are closed. */
export function ChangePasswordBox() {
  const dispatch = useAppDispatch();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [done, setDone] = useState(false);
  const form = usePasswordChangeForm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit({ currentPassword, newPassword })) setDone(true);
  };

  if (done) {
    return (
      <div className="cl-form">
        <Message severity="success" text="Cambiaste tu contraseña. Cerramos tus sesiones en otros dispositivos." />
        <Button label="Cerrar" text onClick={() => dispatch(changePasswordBoxShown(false))} />
      </div>
    );
  }
  return (
    <form className="cl-form" onSubmit={submit} aria-labelledby="change-title">
      <h2 id="change-title">Cambiar contraseña</h2>
      {form.error && <Message severity="error" text={form.error} />}
      <FormField id="current-password" label="Contraseña actual" error={form.fieldErrors.currentPassword}>
        <Password inputId="current-password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} feedback={false} toggleMask required {...describedBy('current-password', form.fieldErrors.currentPassword)} />
      </FormField>
      <FormField id="new-password" label="Nueva contraseña" error={form.fieldErrors.newPassword} hint={PASSWORD_HINT}>
        <Password inputId="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} feedback={false} toggleMask required {...describedBy('new-password', form.fieldErrors.newPassword, PASSWORD_HINT)} />
      </FormField>
      <div className="cl-form__actions">
        <Button type="submit" label="Cambiar contraseña" loading={form.submitting} />
        <Button type="button" label="Cancelar" text onClick={() => dispatch(changePasswordBoxShown(false))} />
      </div>
    </form>
  );
}
