import type { Person } from '@contracts';
import { useAppSelector } from '../../../app/store';
import { useCompanies, useMutations } from '../../crud/hooks';
import { ListShell, type ColumnDef, type FilterDef } from '../../crud/ListShell';
import type { PersonKind } from './kinds';
import { formatDate, formatDateTime, PROFILE_LABELS, PROFILE_OPTIONS, personStatus } from './schema';

export function PersonList({ kind }: { kind: PersonKind }) {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile.code) === 'ADM';
  const administrators = kind.resource === 'administrators';
  const companies = useCompanies(isAdmin && !administrators);
  const { remove } = useMutations(kind.resource);
  const filters: FilterDef[] = [
    { name: 'fullName', label: 'Nombre', type: 'text' },
    // Deactivated accounts are listed apart, to be found and reactivated.
    { name: 'status', label: 'Estado', type: 'select', options: [{ label: 'Activas', value: 'active' }, { label: 'Desactivadas', value: 'inactive' }, { label: 'Todas', value: 'any' }], defaultValue: 'active' },
  ];
  if (isAdmin && !administrators) {
    filters.push(
      { name: 'profileCode', label: 'Perfil', type: 'select', options: PROFILE_OPTIONS.map((o) => ({ label: o.label, value: o.value })) },
      { name: 'companyId', label: 'Empresa', type: 'select', options: (companies ?? []).map((c) => ({ label: c.tradeName, value: String(c.id) })), parse: Number },
    );
  }
  const columns: ColumnDef<Person>[] = [
    { header: 'Nombre', sortKey: 'name', body: (p) => p.fullName },
    { header: 'Correo', body: (p) => <EmailText email={p.email} /> },
  ];
  if (!administrators) columns.push({ header: 'Perfil', body: (p) => PROFILE_LABELS[p.profile.code as keyof typeof PROFILE_LABELS] ?? p.profile.name });
  if (!administrators && isAdmin) columns.push({ header: 'Empresa', body: (p) => p.company?.tradeName ?? '' });
  columns.push(
    { header: 'Estado', body: (p) => { const s = personStatus(p); return <span className={`cl-tag cl-tag--${s.tone}`}>{s.label}</span>; } },
    { header: 'Último ingreso', sortKey: 'lastLoginAt', nowrap: true, body: (p) => (p.lastLoginAt ? <span title={formatDateTime(p.lastLoginAt)}>{formatDate(p.lastLoginAt)}</span> : <span className="cl-muted">Nunca</span>) },
  );
  return (
    <ListShell
      resource={kind.resource}
      title={kind.title}
      basePath={kind.basePath}
      noun={kind.noun}
      createLabel={administrators ? 'Nuevo administrador' : 'Invitar usuario'}
      defaultSort={{ orderBy: 'name', orderSort: 'asc' }}
      fixedFilter={administrators ? { profileCode: 'ADM' } : undefined}
      rowName={(p) => p.fullName}
      filters={filters}
      columns={columns}
      csv={{
        filename: administrators ? 'administradores.csv' : 'usuarios.csv',
        columns: [
          { header: 'Nombre', value: (p) => p.firstName },
          { header: 'Apellido', value: (p) => p.lastName },
          { header: 'Correo', value: (p) => p.email },
          { header: 'RUT', value: (p) => p.rut },
          { header: 'Teléfono', value: (p) => p.phone },
          { header: 'Perfil', value: (p) => p.profile.name },
          { header: 'Empresa', value: (p) => p.company?.tradeName },
          { header: 'Estado', value: (p) => personStatus(p).label },
          { header: 'Creado', value: (p) => formatDateTime(p.createdAt) },
          { header: 'Último ingreso', value: (p) => formatDateTime(p.lastLoginAt) },
        ],
      }}
      bulkActions={[
        {
          label: 'Desactivar',
          icon: 'pi pi-ban',
          confirm: (count) => `${count === 1 ? 'La cuenta no podrá' : `Las ${count} cuentas no podrán`} volver a iniciar sesión y se cerrarán sus sesiones abiertas. Su historial se conserva.`,
          run: async (ids) => (await remove(ids)).length, // the API refuses one's own account: counted as not done
          done: (count) => (count === 1 ? 'Desactivamos la cuenta.' : `Desactivamos ${count} cuentas.`),
        },
      ]}
    />
  );
}

/** A long address breaks after the @ rather than in the middle of a word. */
function EmailText({ email }: { email: string | null }) {
  if (!email) return null;
  const at = email.indexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
