import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../../api/dataProvider';
import { useAppSelector } from '../../../app/store';
import { Form } from '../../crud/Form';
import { useMutations, useNotify } from '../../crud/hooks';
import { PageHeader } from '../../crud/PageHeader';
import { PersonFields, ProfileAndCompany } from './fields';
import { USERS } from './kinds';
import { emptyInvite, inviteInput, validateInvite } from './schema';

/**
 * /app/users/new: an invitation. The person sets a password from the mail; the answer never says
 * whether the e-mail already had an account, so the screen goes back to the list.
 */
export default function UserCreate() {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile.code) === 'ADM';
  const navigate = useNavigate();
  const notify = useNotify();
  const { listStale } = useMutations(USERS.resource);
  // Both lists show persons: an administrator is in each.
  const other = useMutations('administrators');
  return (
    <>
      <PageHeader title="Invitar usuario" back={{ to: USERS.basePath, label: 'Volver a la lista' }}>
        <p className="cl-muted">Le enviaremos un correo con un enlace para elegir su contraseña (válido por 7 días).{isAdmin ? '' : ' Será un usuario proveedor de tu empresa.'}</p>
      </PageHeader>
      <Form
        idPrefix="invite"
        initial={emptyInvite(isAdmin ? null : 'PRV')}
        validate={validateInvite(isAdmin)}
        submitLabel="Enviar invitación"
        submit={async (values) => {
          const sent = await dataProvider.invitePerson(inviteInput(values));
          listStale();
          other.listStale();
          notify({ severity: 'success', summary: sent.message });
          navigate(USERS.basePath);
        }}
        onCancel={() => navigate(USERS.basePath)}
      >
        <PersonFields withEmail />
        {isAdmin && <ProfileAndCompany />}
      </Form>
    </>
  );
}
