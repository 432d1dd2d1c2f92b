import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { recoveryBoxShown, signInRequested } from './authSlice';

export function LoginBox({ title = 'Ingresa a CotizaLab' }: { title?: string }) {
  const dispatch = useAppDispatch();
  const { signingIn, signInError } = useAppSelector((state) => state.auth);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(signInRequested({ email: email.trim(), password }));
  };

  return (
    <form className="cl-form" onSubmit={submit} aria-labelledby="login-title">
      <h1 id="login-title" className="cl-page-title">{title}</h1>
      {signInError && <Message severity="error" text={signInError} />}
      <div className="cl-field">
        <label htmlFor="login-email">Correo electrónico</label>
        <InputText id="login-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </div>
      <div className="cl-field">
        <label htmlFor="login-password">Contraseña</label>
        <Password inputId="login-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask required />
      </div>
      <Button type="submit" label="Ingresar" icon="pi pi-sign-in" loading={signingIn} />
      <Button type="button" label="¿Olvidaste tu contraseña?" text onClick={() => dispatch(recoveryBoxShown(true))} />
    </form>
  );
}
