import { Password } from 'primereact/password';
import { useCompanies } from '../../crud/hooks';
import { SelectInput, TextInput } from '../../crud/inputs';
import { useField } from '../../crud/formContext';
import { describedBy, FormField } from '../../../shared/ui/FormField';
import { PROFILE_OPTIONS } from './schema';

/** Name, e-mail, phone and RUT: shared by the invitation, the new administrator and the edit screens. */
export function PersonFields({ withEmail }: { withEmail: boolean }) {
  return (
    <>
      <div className="cl-form__row">
        <TextInput source="firstName" label="Nombre" maxLength={100} />
        <TextInput source="lastName" label="Apellido" maxLength={100} />
      </div>
      {withEmail && <TextInput source="email" label="Correo electrónico" maxLength={200} placeholder="nombre@empresa.cl" />}
      <div className="cl-form__row">
        <TextInput source="phone" label="Teléfono (opcional)" hint="Móvil +56 9 1234 5678 o fijo +56 2 2345 6789." maxLength={40} placeholder="+56 9 1234 5678" />
        <TextInput source="rut" label="RUT (opcional)" hint="Con puntos y guion: 12.345.678-5." maxLength={12} placeholder="12.345.678-5" />
      </div>
    </>
  );
}


/** An administrator chooses the profile and, for a provider user, its company. */
export function ProfileAndCompany() {
  const profile = useField<string | null>('profileCode').value;
  const companies = useCompanies(true);
  return (
    <div className="cl-form__row">
      <SelectInput source="profileCode" label="Perfil" options={PROFILE_OPTIONS} />
      {profile === 'PRV' && (
        <SelectInput source="companyId" label="Empresa" options={(companies ?? []).map((c) => ({ label: c.tradeName, value: c.id }))} loading={!companies} />
      )}
    </div>
  );
}

export function PasswordInput({ source, label, hint }: { source: string; label: string; hint?: string }) {
  const f = useField<string>(source);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      <Password inputId={f.id} value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} disabled={f.disabled} feedback={false} toggleMask autoComplete="new-password" className="cl-password" style={{ width: '100%' }} inputStyle={{ width: '100%' }} invalid={Boolean(f.error)} pt={{ input: describedBy(f.id, f.error, hint) }} />
    </FormField>
  );
}
