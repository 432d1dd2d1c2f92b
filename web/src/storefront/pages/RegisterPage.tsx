import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { Link, useNavigate } from 'react-router-dom';
import { useSignUpForm } from '../../api/auth';
import { useAppDispatch } from '../../app/store';
import { signInRequested } from '../../shared/auth/authSlice';
import { PASSWORD_HINT } from '../../shared/auth/ChangePasswordBox';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { usePageTitle } from '../../shared/ui/usePageTitle';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', password: '' };

export default function RegisterPage() {
  usePageTitle('Crea tu cuenta');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [fields, setFields] = useState(EMPTY);
  const [accepted, setAccepted] = useState(false);
  const [mustAccept, setMustAccept] = useState(false);
  const form = useSignUpForm();
  const errors = form.fieldErrors;
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setMustAccept(true);
      return;
    }
    if (await form.submit({ ...fields, phone: fields.phone.trim() || undefined })) {
      // Signing up signs in. The sign-up answers alike for a new and a taken e-mail (it reveals no account), so
      // this is an ordinary sign-in: it works for the new account, and the page says what to do when it does not.
      dispatch(signInRequested({ email: fields.email.trim(), password: fields.password }));
      navigate('/register-success', { state: { email: fields.email.trim() } });
    }
  };

  const text = (name: keyof typeof EMPTY, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`reg-${name}`} label={label} error={errors[name]}>
      <InputText id={`reg-${name}`} value={fields[name]} onChange={set(name)} {...props} {...describedBy(`reg-${name}`, errors[name])} />
    </FormField>
  );

  return (
    <div className="cl-container cl-narrow">
      <form className="cl-form" onSubmit={submit} aria-labelledby="register-title" noValidate>
        <h1 id="register-title" className="cl-page-title">Crea tu cuenta</h1>
        <p className="cl-muted">Guarda tus datos para cotizar más rápido y escribirnos sin repetirlos.</p>
        {form.error && <Message severity="error" text={form.error} />}
        <div className="cl-form__row">
          {text('firstName', 'Nombre', { autoComplete: 'given-name', required: true, maxLength: 100 })}
          {text('lastName', 'Apellido', { autoComplete: 'family-name', required: true, maxLength: 100 })}
        </div>
        {text('email', 'Correo electrónico', { type: 'email', autoComplete: 'email', required: true, maxLength: 254 })}
        {text('phone', 'Teléfono (opcional)', { type: 'tel', autoComplete: 'tel', placeholder: '+56 9 1234 5678', maxLength: 40 })}
        <FormField id="reg-password" label="Contraseña" error={errors.password} hint={PASSWORD_HINT}>
          <Password inputId="reg-password" autoComplete="new-password" value={fields.password} onChange={set('password')} feedback={false} toggleMask required {...describedBy('reg-password', errors.password, PASSWORD_HINT)} />
        </FormField>
        <span className="cl-check">
          <Checkbox inputId="reg-terms" checked={accepted} onChange={(e) => { setAccepted(!!e.checked); setMustAccept(false); }} invalid={mustAccept} aria-describedby={mustAccept ? 'reg-terms-error' : undefined} />
          <label htmlFor="reg-terms">
            Acepto los <Link to="/terminos-y-condiciones" target="_blank">términos y condiciones</Link>
          </label>
        </span>
        {mustAccept && <small id="reg-terms-error" className="cl-field__error" role="alert">Debes aceptar los términos y condiciones.</small>}
        <Button type="submit" label="Crear cuenta" icon="pi pi-user-plus" loading={form.submitting} />
        <p className="cl-center">
          ¿Ya tienes cuenta? <Link to="/login">Ingresa</Link>
        </p>
      </form>
    </div>
  );
}
