import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../../api/dataProvider';
import { Form } from '../../crud/Form';
import { useMutations, useNotify } from '../../crud/hooks';
import { PageHeader } from '../../crud/PageHeader';
import { PasswordInput, PersonFields } from '../users/fields';
import { ADMINISTRATORS } from '../users/kinds';
import { administratorInput, emptyAdministrator, validateAdministrator } from '../users/schema';

/** /app/maintainers/administrators/new: `POST /api/auth/admin-sign-up`, with the password chosen here. */
export default function AdministratorCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { listStale } = useMutations(ADMINISTRATORS.resource);
  // Both lists show persons: an administrator is in each.
  const other = useMutations('users');
  return (
    <>
      <PageHeader title="Nuevo administrador" back={{ to: ADMINISTRATORS.basePath, label: 'Volver a la lista' }}>
        <p className="cl-muted">Tendrá acceso completo a la administración de CotizaLab. Comunícale la contraseña por un medio seguro; podrá cambiarla al ingresar.</p>
      </PageHeader>
      <Form
        idPrefix="administrator"
        initial={emptyAdministrator}
        validate={validateAdministrator}
        submitLabel="Crear administrador"
        submit={async (values) => {
          const created = await dataProvider.createAdministrator(administratorInput(values));
          listStale();
          other.listStale();
          notify({ severity: 'success', summary: 'Creamos el administrador.' });
          navigate(`${ADMINISTRATORS.basePath}/view/${created.personId}`);
        }}
        onCancel={() => navigate(ADMINISTRATORS.basePath)}
      >
        <PersonFields withEmail />
        <PasswordInput source="password" label="Contraseña" hint="Al menos 10 caracteres; evita contraseñas conocidas." />
      </Form>
    </>
  );
}
