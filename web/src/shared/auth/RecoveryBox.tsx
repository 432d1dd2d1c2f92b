import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useAppDispatch } from '../../app/store';
import { usePasswordRecoveryForm } from '../../api/auth';
import { describedBy, FormField } from '../ui/FormField';
import { loginBoxShown } from './authSlice';

/** Asks for a reset link. The answer is the same whether or not the e-mail has an account. */
export function RecoveryBox() {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = usePasswordRecoveryForm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit({ email: email.trim() })) setSent(true);
  };

  return (
    <form className="cl-form" onSubmit={submit} aria-labelledby="recovery-title">
      <h1 id="recovery-title" className="cl-page-title">Recupera tu contraseña</h1>
      {sent ? (
        <Message severity="success" text={`Si ${email.trim()} tiene una cuenta, te enviamos un enlace para elegir una nueva contraseña. Revisa tu correo (también el spam); el enlace vale por una hora.`} />
      ) : (
        <>
          <p className="cl-muted">Te enviaremos un enlace a tu correo para elegir una nueva contraseña.</p>
          {form.error && <Message severity="error" text={form.error} />}
          <FormField id="recovery-email" label="Correo electrónico" error={form.fieldErrors.email}>
            <InputText id="recovery-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required {...describedBy('recovery-email', form.fieldErrors.email)} />
          </FormField>
          <Button type="submit" label="Enviar enlace" icon="pi pi-envelope" loading={form.submitting} />
        </>
      )}
      <Button type="button" label="Volver a ingresar" text onClick={() => dispatch(loginBoxShown(true))} />
    </form>
  );
}
