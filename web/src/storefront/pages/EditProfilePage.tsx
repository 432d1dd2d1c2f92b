import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useProfile, useProfileForm } from '../../api/auth';
import { InsurerPicker, type Coverage } from '../features/search/InsurerPicker';
import { PlacePicker, type Place } from '../features/search/PlacePicker';
import { searchDefaultsOf } from '../features/profile/searchDefaults';
import { changePasswordBoxShown, personUpdated, type LoggedPerson } from '../../shared/auth/authSlice';
import { ChangePasswordBox } from '../../shared/auth/ChangePasswordBox';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { SignedInOnly } from '../layout/SignedInOnly';
import { usePageTitle } from '../../shared/ui/usePageTitle';

export default function EditProfilePage() {
  usePageTitle('Editar mis datos');
  return <SignedInOnly>{({ person, user }) => <EditProfile person={person} email={user.email} />}</SignedInOnly>;
}

function EditProfile({ person, email }: { person: LoggedPerson; email: string }) {
  const dispatch = useAppDispatch();
  const changingPassword = useAppSelector((state) => state.auth.changePasswordBoxVisible);
  const [fields, setFields] = useState({ firstName: person.firstName, lastName: person.lastName, phone: person.phone ?? '', rut: person.rut ?? '' });
  const [saved, setSaved] = useState(false);
  const form = useProfileForm(person.id);
  const errors = form.fieldErrors;
  // What fills the search (issue 19): kept in the profile, read from it.
  const stored = useProfile(person.id);
  const [place, setPlace] = useState<Place>({ locationFk: null, location: null, nearLocations: false });
  const [coverage, setCoverage] = useState<Coverage>({ pensionHealtInstitutionId: null, coveragePercentage: null, coverageCapUf: null });
  useEffect(() => {
    const defaults = stored.data && searchDefaultsOf(stored.data);
    if (defaults) {
      setPlace(defaults.place);
      setCoverage(defaults.coverage);
    }
  }, [stored.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const updated = await form.submit({ ...fields, comunaId: place.location, insurerId: coverage.pensionHealtInstitutionId, coveragePercentage: coverage.coveragePercentage, coverageCapUf: coverage.coverageCapUf });
    if (updated) {
      // Only what this form changes: the signed-in person keeps its own shape (spec §3).
      dispatch(personUpdated({ ...person, firstName: updated.firstName, lastName: updated.lastName, phone: updated.phone, rut: updated.rut }));
      setSaved(true);
    }
  };
  const field = (name: keyof typeof fields, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`me-${name}`} label={label} error={errors[name]}>
      <InputText id={`me-${name}`} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} {...props} {...describedBy(`me-${name}`, errors[name])} />
    </FormField>
  );

  return (
    <div className="cl-container cl-narrow">
      <form className="cl-form" onSubmit={submit} aria-labelledby="me-title">
        <h1 id="me-title" className="cl-page-title">Editar mis datos</h1>
        {saved && <Message severity="success" text="Guardamos tus datos." />}
        {form.error && <Message severity="error" text={form.error} />}
        <div className="cl-form__row">
          {field('firstName', 'Nombre', { autoComplete: 'given-name', maxLength: 100 })}
          {field('lastName', 'Apellido', { autoComplete: 'family-name', maxLength: 100 })}
        </div>
        <FormField id="me-email" label="Correo electrónico" hint="Para cambiarlo, escríbenos desde Contacto.">
          <InputText id="me-email" value={email} disabled aria-describedby="me-email-hint" />
        </FormField>
        {field('phone', 'Teléfono', { type: 'tel', autoComplete: 'tel', placeholder: '+56 9 1234 5678', maxLength: 40 })}
        {field('rut', 'RUT', { placeholder: '12.345.678-5', maxLength: 12 })}
        <fieldset className="cl-fieldset">
          <legend>Para cotizar más rápido</legend>
          <p className="cl-muted cl-no-margin">Tu comuna y tu previsión llenan el buscador cada vez que cotizas.</p>
          <PlacePicker value={place} onChange={setPlace} withNear={false} />
          {errors.comunaId && <small className="p-error">{errors.comunaId}</small>}
          <InsurerPicker value={coverage} onChange={setCoverage} />
          {(errors.insurerId || errors.coveragePercentage || errors.coverageCapUf) && <small className="p-error">{errors.insurerId ?? errors.coveragePercentage ?? errors.coverageCapUf}</small>}
        </fieldset>
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={form.submitting} />
      </form>
      {changingPassword ? (
        <ChangePasswordBox />
      ) : (
        <Button label="Cambiar contraseña" icon="pi pi-key" text onClick={() => dispatch(changePasswordBoxShown(true))} />
      )}
    </div>
  );
}
