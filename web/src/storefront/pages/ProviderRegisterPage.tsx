import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { SelectBox } from '../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { Link, useNavigate } from 'react-router-dom';
import { formatRut } from '../../app/format';
import { useProviderSignUpForm } from '../../api/auth';
import { useComunas, useRegions } from '../../api/lookups';
import { PASSWORD_HINT } from '../../shared/auth/ChangePasswordBox';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { usePageTitle } from '../../shared/ui/usePageTitle';


const EMPTY = {
  rut: '', legalName: '', tradeName: '', companyEmail: '', companyPhone: '', addressLine: '',
  firstName: '', lastName: '', email: '', phone: '', password: '',
};
type Name = keyof typeof EMPTY;

/**
 * /registro-laboratorio: a laboratory company signs up with its first user (`POST
 * /api/auth/sign-up-provider`). It waits for an administrator's approval; meanwhile its user may
 * enter /app to prepare branches and prices, which are not published until then.
 */
export default function ProviderRegisterPage() {
  usePageTitle('Publica los precios de tu laboratorio', 'Registra tu laboratorio en CotizaLab y publica tus precios para que los pacientes te encuentren.');
  const navigate = useNavigate();
  const [fields, setFields] = useState(EMPTY);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [comunaId, setComunaId] = useState<number | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [mustAccept, setMustAccept] = useState(false);
  const regions = useRegions();
  const comunas = useComunas(regionId);
  const form = useProviderSignUpForm();
  const errors = form.fieldErrors;
  const set = (name: Name) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: name === 'rut' ? formatRut(e.target.value) : e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setMustAccept(true);
      return;
    }
    const body = { ...fields, comunaId: comunaId ?? undefined, phone: fields.phone.trim() || undefined, companyPhone: fields.companyPhone.trim() || undefined };
    if (await form.submit(body)) navigate('/registro-laboratorio/recibido', { state: { email: fields.email.trim() } });
  };

  const text = (name: Name, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <FormField id={`prv-${name}`} label={label} error={errors[name]} hint={hint}>
      <InputText id={`prv-${name}`} value={fields[name]} onChange={set(name)} {...props} {...describedBy(`prv-${name}`, errors[name], hint)} />
    </FormField>
  );

  return (
    <div className="cl-container cl-narrow">
      <form className="cl-form" onSubmit={submit} aria-labelledby="prv-title" noValidate>
        <h1 id="prv-title" className="cl-page-title">Publica los precios de tu laboratorio</h1>
        <p className="cl-muted">
          Registra tu empresa y a la persona que la administrará en CotizaLab. Un administrador revisará los datos antes de publicar tus precios; te avisaremos por correo.
        </p>
        {form.error && <Message severity="error" text={form.error} />}
        <fieldset className="cl-fieldset">
          <legend>Empresa</legend>
          <p className="cl-muted cl-no-margin">La región y la comuna son las de su primera sucursal.</p>
          {text('rut', 'RUT de la empresa', { required: true, maxLength: 12, inputMode: 'text', placeholder: '76.354.771-K' }, 'Con su dígito verificador.')}
          <div className="cl-form__row">
            {text('legalName', 'Razón social', { required: true, maxLength: 200, autoComplete: 'organization' })}
            {text('tradeName', 'Nombre de fantasía', { required: true, maxLength: 200 }, 'El nombre que verán los pacientes.')}
          </div>
          <div className="cl-form__row">
            {text('companyEmail', 'Correo (opcional)', { type: 'email', maxLength: 254, placeholder: 'contacto@milaboratorio.cl' })}
            {text('companyPhone', 'Teléfono (opcional)', { type: 'tel', placeholder: '+56 2 2345 6789', maxLength: 40 })}
          </div>
          <div className="cl-form__row">
            <FormField id="prv-region" label="Región">
              <SelectBox
                inputId="prv-region"
                value={regionId}
                options={regions.data ?? []}
                optionLabel="name"
                optionValue="id"
                placeholder={regions.loading ? 'Cargando regiones…' : 'Elige la región'}
                onChange={(e) => {
                  setRegionId(e.value as number);
                  setComunaId(null);
                }}
                filter
              />
            </FormField>
            <FormField id="prv-comunaId" label="Comuna" error={errors.comunaId}>
              <SelectBox
                inputId="prv-comunaId"
                value={comunaId}
                options={comunas.data ?? []}
                optionLabel="name"
                optionValue="id"
                placeholder={regionId ? 'Elige la comuna' : 'Elige primero la región'}
                disabled={!regionId}
                onChange={(e) => setComunaId(e.value as number)}
                filter
                {...describedBy('prv-comunaId', errors.comunaId)}
              />
            </FormField>
          </div>
          {text('addressLine', 'Dirección (opcional)', { maxLength: 300, autoComplete: 'street-address', placeholder: 'Av. Irarrázaval 3000' })}
        </fieldset>
        <fieldset className="cl-fieldset">
          <legend>Persona de contacto</legend>
          <div className="cl-form__row">
            {text('firstName', 'Nombre', { autoComplete: 'given-name', required: true, maxLength: 100 })}
            {text('lastName', 'Apellido', { autoComplete: 'family-name', required: true, maxLength: 100 })}
          </div>
          <div className="cl-form__row">
            {text('email', 'Correo electrónico', { type: 'email', autoComplete: 'email', required: true, maxLength: 254 }, 'Con él ingresarás a la administración.')}
            {text('phone', 'Teléfono (opcional)', { type: 'tel', autoComplete: 'tel', placeholder: '+56 9 1234 5678', maxLength: 40 })}
          </div>
          <FormField id="prv-password" label="Contraseña" error={errors.password} hint={PASSWORD_HINT}>
            <Password inputId="prv-password" autoComplete="new-password" value={fields.password} onChange={set('password')} feedback={false} toggleMask required {...describedBy('prv-password', errors.password, PASSWORD_HINT)} />
          </FormField>
        </fieldset>
        <span className="cl-check">
          <Checkbox inputId="prv-terms" checked={accepted} onChange={(e) => { setAccepted(!!e.checked); setMustAccept(false); }} invalid={mustAccept} aria-describedby={mustAccept ? 'prv-terms-error' : undefined} />
          <label htmlFor="prv-terms">
            Acepto los <Link to="/terminos-y-condiciones" target="_blank">términos y condiciones</Link>
          </label>
        </span>
        {mustAccept && <small id="prv-terms-error" className="cl-field__error" role="alert">Debes aceptar los términos y condiciones.</small>}
        <Button type="submit" label="Registrar mi laboratorio" icon="pi pi-building" loading={form.submitting} />
        <p className="cl-center">
          ¿Ya registraste tu laboratorio? <Link to="/app/login">Ingresa a la administración</Link>
        </p>
      </form>
    </div>
  );
}
