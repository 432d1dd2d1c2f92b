import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { FieldErrors, Person } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { confirmAction } from '../../../shared/ui/confirm';
import { useAppSelector } from '../../../app/store';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Form } from '../../crud/Form';
import { useMutations, useNotify } from '../../crud/hooks';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { PasswordInput } from './fields';
import type { PersonKind } from './kinds';
import { formatDateTime, formatPhone, formatRut, PROFILE_LABELS, personStatus } from './schema';

export function PersonShow({ kind, id }: { kind: PersonKind; id: number }) {
  const me = useAppSelector((state) => state.auth.person);
  const isAdmin = me?.profile.code === 'ADM';
  const [settingPassword, setSettingPassword] = useState<Person | null>(null);
  return (
    <>
      <ShowShell
        resource={kind.resource}
        id={id}
        listPath={kind.basePath}
        title={(person) => person.fullName}
        editable={(person) => person.isActive}
        extraActions={(person) =>
          !person.isActive ? <ReactivateButton kind={kind} person={person} />
          : isAdmin && person.id !== me?.id ? <Button label="Fijar contraseña" icon="pi pi-key" outlined onClick={() => setSettingPassword(person)} />
          : null
        }
        remove={{
          label: 'Desactivar',
          confirm: (person) => `${person.fullName} no podrá volver a iniciar sesión y se cerrarán sus sesiones abiertas. Su historial se conserva.`,
          done: 'Desactivamos la cuenta.',
          hidden: (person) => person.id === me?.id || !person.isActive,
        }}
      >
        {(person) => {
          const status = personStatus(person);
          return (
            <>
              <Fields
                items={[
                  ['Nombre', person.fullName],
                  ['Correo', person.email],
                  ['Perfil', PROFILE_LABELS[person.profile.code as keyof typeof PROFILE_LABELS] ?? person.profile.name],
                  ['Empresa', person.company?.tradeName],
                  ['RUT', formatRut(person.rut) || null],
                  ['Teléfono', formatPhone(person.phone) || null],
                  ['Estado', <span className={`cl-tag cl-tag--${status.tone}`}>{status.label}</span>],
                  ['Creado', formatDateTime(person.createdAt)],
                  ['Último ingreso', formatDateTime(person.lastLoginAt) || 'Nunca'],
                ]}
              />
              <AuditTimeline entityType="Person" entityId={person.id} />
            </>
          );
        }}
      </ShowShell>
      <SetPasswordDialog person={settingPassword} onClose={() => setSettingPassword(null)} />
    </>
  );
}

/** Undoes a deactivation: the person signs in again with the password they had. */
function ReactivateButton({ kind, person }: { kind: PersonKind; person: Person }) {
  const { saved } = useMutations(kind.resource);
  const notify = useNotify();
  const reactivate = () =>
    confirmAction({
      header: `Reactivar a ${person.fullName}`,
      message: 'Podrá volver a iniciar sesión con su contraseña de siempre.',
      acceptLabel: 'Reactivar',
      danger: false,
      onAccept: async () => {
        try {
          saved(await dataProvider.reactivatePerson(person.id));
          notify({ severity: 'success', summary: `Reactivamos la cuenta de ${person.fullName}.` });
        } catch (caught) {
          notify({ severity: 'error', summary: asApiError(caught).message });
        }
      },
    });
  return <Button label="Reactivar" icon="pi pi-replay" severity="success" onClick={reactivate} />;
}

/** An administrator sets another account's password: the API closes every session of that account. */
function SetPasswordDialog({ person, onClose }: { person: Person | null; onClose: () => void }) {
  const notify = useNotify();
  return (
    <Dialog header={person ? `Fijar contraseña: ${person.fullName}` : ''} visible={person !== null} onHide={onClose} style={{ width: 'min(32rem, 95vw)' }} modal>
      {person && (
        <>
          <p>La persona tendrá que usar esta contraseña desde ahora y se cerrarán todas sus sesiones abiertas. Comunícasela por un medio seguro.</p>
          <Form
            idPrefix="set-password"
            initial={{ password: '' }}
            validate={(values): FieldErrors => (values.password.length < 10 ? { password: ['La contraseña debe tener al menos 10 caracteres.'] } : {})}
            submitLabel="Fijar contraseña"
            submit={async (values) => {
              const answer = await dataProvider.setPassword({ personId: person.id, password: values.password });
              notify({ severity: 'success', summary: answer.message });
              onClose();
            }}
            onCancel={onClose}
          >
            <PasswordInput source="password" label="Nueva contraseña" hint="Al menos 10 caracteres; evita contraseñas conocidas." />
          </Form>
        </>
      )}
    </Dialog>
  );
}
