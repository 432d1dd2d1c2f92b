import type { ReactNode } from 'react';
import { Message } from 'primereact/message';
import { Link, useNavigate } from 'react-router-dom';
import type { FieldErrors } from '@contracts';
import type { InputOf, OneOf, ResourceName } from '../../api/dataProvider';
import { Form } from './Form';
import { useMutations, useNotify, useResourceItem } from './hooks';
import { NotFoundBlock, PageHeader } from './PageHeader';

interface FormShellProps<R extends ResourceName, V> {
  resource: R;
  /** The record edited; absent to create one. */
  id?: number;
  title: string;
  /** The list this screen belongs to, for "back" and "cancel". */
  listPath: string;
  empty: V;
  fromRecord: (record: OneOf<R>) => V;
  toInput: (values: V) => InputOf<R>;
  validate?: (values: V) => FieldErrors;
  /** Where to go once saved (usually the record's view). */
  redirect: (saved: OneOf<R> & { id: number }) => string;
  /** A reason the record cannot be edited (a retired exam): shown instead of the form. */
  readOnly?: (record: OneOf<R>) => string | null;
  savedMessage: string;
  children: ReactNode;
}

/** The create and edit screens of a resource: the record loaded, the form, the save and where it leads. */
export function FormShell<R extends ResourceName, V>(props: FormShellProps<R, V>) {
  const { resource, id, title, listPath, readOnly } = props;
  const item = useResourceItem(resource, id ?? null);
  const back = { to: listPath, label: 'Volver a la lista' };

  if (id !== undefined) {
    if (item.error?.code === 404) return <NotFoundBlock message={item.error.message} back={back} />;
    if (item.error) return <><PageHeader title={title} back={back} /><Message severity="error" text={item.error.message} /></>;
    if (!item.record) return <><PageHeader title={title} back={back} /><p className="cl-muted" aria-busy="true">Cargando…</p></>;
    const reason = readOnly?.(item.record);
    if (reason) {
      return (
        <>
          <PageHeader title={title} back={back} />
          <Message severity="warn" text={reason} className="cl-block" />
          <Link to={`${listPath}/view/${id}`}>Ver el registro</Link>
        </>
      );
    }
  }
  return (
    <>
      <PageHeader title={title} back={back} />
      {/* Keyed by the record: a reload after saving starts the form from the saved values. */}
      <ShellForm key={id ?? 'new'} {...props} record={item.record} />
    </>
  );
}

function ShellForm<R extends ResourceName, V>({ resource, id, empty, fromRecord, toInput, validate, redirect, savedMessage, listPath, children, record }: FormShellProps<R, V> & { record: OneOf<R> | null }) {
  const mutations = useMutations(resource);
  const navigate = useNavigate();
  const notify = useNotify();
  const submit = async (values: V) => {
    const input = toInput(values);
    const saved = (id === undefined ? await mutations.create(input) : await mutations.update(id, input)) as OneOf<R> & { id: number };
    notify({ severity: 'success', summary: savedMessage });
    navigate(redirect(saved));
  };
  return (
    <Form idPrefix={String(resource)} initial={record ? fromRecord(record) : empty} validate={validate} submit={submit} onCancel={() => navigate(id === undefined ? listPath : `${listPath}/view/${id}`)}>
      {children}
    </Form>
  );
}
