import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { useContactForm } from '../../api/auth';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { usePageTitle } from '../../shared/ui/usePageTitle';

export default function ContactPage() {
  usePageTitle('Contáctanos');
  const navigate = useNavigate();
  const { person, user } = useAppSelector((state) => state.auth);
  const [fields, setFields] = useState({
    name: person ? `${person.firstName} ${person.lastName}` : '',
    email: user?.email ?? '',
    phone: person?.phone ?? '',
    subject: '',
    message: '',
  });
  const form = useContactForm();
  const errors = form.fieldErrors;
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit({ ...fields, phone: fields.phone.trim() || undefined })) navigate('/contact-success', { state: { email: fields.email.trim() } });
  };
  const text = (name: 'name' | 'email' | 'phone' | 'subject', label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`contact-${name}`} label={label} error={errors[name]}>
      <InputText id={`contact-${name}`} value={fields[name]} onChange={set(name)} {...props} {...describedBy(`contact-${name}`, errors[name])} />
    </FormField>
  );

  return (
    <div className="cl-container cl-narrow">
      <form className="cl-form" onSubmit={submit} aria-labelledby="contact-title" noValidate>
        <h1 id="contact-title" className="cl-page-title">Contáctanos</h1>
        <p className="cl-muted">¿Dudas sobre una cotización, un laboratorio o tu cuenta? ¿Tienes un laboratorio y quieres publicar tus precios? Escríbenos.</p>
        {form.error && <Message severity="error" text={form.error} />}
        {text('name', 'Nombre', { autoComplete: 'name', maxLength: 200 })}
        <div className="cl-form__row">
          {text('email', 'Correo electrónico', { type: 'email', autoComplete: 'email', maxLength: 254 })}
          {text('phone', 'Teléfono (opcional)', { type: 'tel', autoComplete: 'tel', placeholder: '+56 9 1234 5678', maxLength: 40 })}
        </div>
        {text('subject', 'Asunto (opcional)', { maxLength: 200 })}
        <FormField id="contact-message" label="Mensaje" error={errors.message}>
          <InputTextarea id="contact-message" value={fields.message} onChange={set('message')} rows={6} maxLength={5000} autoResize {...describedBy('contact-message', errors.message)} />
        </FormField>
        <Button type="submit" label="Enviar mensaje" icon="pi pi-send" loading={form.submitting} />
      </form>
    </div>
  );
}
