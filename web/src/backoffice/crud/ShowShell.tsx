import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link, useNavigate } from 'react-router-dom';
import type { OneOf, ResourceName } from '../../api/dataProvider';
import { asApiError } from '../../api/client';
import { confirmAction } from '../../shared/ui/confirm';
import { useMutations, useNotify, useResourceItem } from './hooks';
import { NotFoundBlock, PageHeader } from './PageHeader';

export interface RemoveAction<T> {
  /** "Retirar", "Eliminar": what the button and the confirmation say. */
  label: string;
  confirm: (record: T) => string;
  done: string;
  /** A record that cannot be removed (already retired) has no button. */
  hidden?: (record: T) => boolean;
}

/** The view screen of a record: loaded by id, with edit and remove actions around what `children` shows. */
export function ShowShell<R extends ResourceName>({ resource, id, listPath, title, editable = () => true, remove, extraActions, children }: {
  resource: R;
  id: number;
  listPath: string;
  title: (record: OneOf<R>) => string;
  editable?: (record: OneOf<R>) => boolean;
  remove?: RemoveAction<OneOf<R>>;
  extraActions?: (record: OneOf<R>) => ReactNode;
  children: (record: OneOf<R>) => ReactNode;
}) {
  const item = useResourceItem(resource, id);
  const mutations = useMutations(resource);
  const notify = useNotify();
  const navigate = useNavigate();
  const back = { to: listPath, label: 'Volver a la lista' };

  if (item.error?.code === 404) return <NotFoundBlock message={item.error.message} back={back} />;
  if (item.error) return <><PageHeader title="Detalle" back={back} /><Message severity="error" text={item.error.message} /></>;
  if (!item.record) return <><PageHeader title="Detalle" back={back} /><p className="cl-muted" aria-busy="true">Cargando…</p></>;
  const record = item.record;

  const onRemove = (action: RemoveAction<OneOf<R>>) =>
    confirmAction({
      header: `${action.label}: ${title(record)}`,
      message: action.confirm(record),
      acceptLabel: action.label,
      onAccept: async () => {
        const [failure] = await mutations.remove([id]);
        if (failure) notify({ severity: 'error', summary: asApiError(failure.error).message });
        else {
          notify({ severity: 'success', summary: action.done });
          navigate(listPath);
        }
      },
    });

  return (
    <>
      <PageHeader
        title={title(record)}
        back={back}
        actions={
          <>
            {extraActions?.(record)}
            {editable(record) && (
              <Link to={`${listPath}/edit/${id}`} className="p-button p-button-outlined cl-link-btn">
                <i className="pi pi-pencil" aria-hidden="true" /> Editar
              </Link>
            )}
            {remove && !remove.hidden?.(record) && <Button label={remove.label} icon="pi pi-trash" severity="danger" outlined onClick={() => onRemove(remove)} />}
          </>
        }
      />
      <section className="cl-panel cl-show" aria-label="Detalle">{children(record)}</section>
    </>
  );
}

/** Label and value pairs of a view screen. */
export function Fields({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="cl-data cl-show__data">
      {items.map(([label, value]) => (
        <div key={label} className="cl-show__row">
          <dt>{label}</dt>
          <dd>{value ?? <span className="cl-muted">Sin información</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
