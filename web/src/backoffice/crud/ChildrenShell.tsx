import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import type { FieldErrors } from '@contracts';
import { asApiError } from '../../api/client';
import { dataProvider, type InputOf, type ResourceName } from '../../api/dataProvider';
import { confirmAction } from '../../shared/ui/confirm';
import { Form } from './Form';
import { useNotify } from './hooks';
import type { ColumnDef } from './list/ListTable';

interface Row {
  id: number;
}

/**
 * The records that belong to a parent (a list's values, a laboratory's attributes), shown inside
 * the parent's screen: added and edited in a dialog with the same form rules, removed after asking.
 */
export function ChildrenShell<R extends ResourceName, T extends Row, V>({ resource, title, noun, rows, columns, rowName, edit }: {
  resource: R;
  title: string;
  noun: { one: string; many: string };
  rows: T[];
  columns: ColumnDef<T>[];
  rowName: (row: T) => string;
  /** Absent on a view screen: the rows are only shown. */
  edit?: {
    empty: V;
    fromRow: (row: T) => V;
    /** The request body, the parent's key included. */
    toInput: (values: V) => InputOf<R>;
    validate?: (values: V) => FieldErrors;
    /** Called after every change: the parent reads itself again. */
    onChanged: () => void;
    fields: ReactNode;
  };
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const notify = useNotify();

  const save = async (values: V) => {
    if (!edit) return;
    if (editing === 'new') await dataProvider.create(resource, edit.toInput(values));
    else if (editing) await dataProvider.update(resource, editing.id, edit.toInput(values));
    notify({ severity: 'success', summary: editing === 'new' ? `Agregamos el ${noun.one}.` : `Guardamos el ${noun.one}.` });
    setEditing(null);
    edit.onChanged();
  };

  const remove = (row: T) =>
    confirmAction({
      header: `Eliminar ${rowName(row)}`,
      message: `Se eliminará el ${noun.one} «${rowName(row)}» y se quitará de los laboratorios que lo usan.`,
      acceptLabel: 'Eliminar',
      onAccept: async () => {
        try {
          await dataProvider.delete(resource, row.id);
          notify({ severity: 'success', summary: `Eliminamos el ${noun.one}.` });
          edit?.onChanged();
        } catch (error) {
          notify({ severity: 'error', summary: asApiError(error).message });
        }
      },
    });

  const headingId = `children-${String(resource)}`;
  return (
    <section className="cl-panel cl-children" aria-labelledby={headingId}>
      <div className="cl-page-head__row">
        <h2 id={headingId}>
          {title} <span className="cl-muted">({rows.length})</span>
        </h2>
        {edit && <Button label={`Agregar ${noun.one}`} icon="pi pi-plus" size="small" onClick={() => setEditing('new')} />}
      </div>
      <DataTable value={rows} dataKey="id" responsiveLayout="stack" breakpoint="960px" emptyMessage={`Aún no tiene ${noun.many}.`} className="cl-table" aria-label={title}>
        {columns.map((c) => (
          <Column key={c.header} header={c.header} body={c.body} className={c.numeric ? 'cl-num' : undefined} />
        ))}
        {edit && (
          <Column
            header="Acciones"
            className="cl-table__actions"
            body={(row: T) => (
              <span className="cl-row-actions">
                <Button icon="pi pi-pencil" text rounded aria-label={`Editar ${rowName(row)}`} onClick={() => setEditing(row)} />
                <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Eliminar ${rowName(row)}`} onClick={() => remove(row)} />
              </span>
            )}
          />
        )}
      </DataTable>
      {edit && (
        <Dialog header={editing === 'new' ? `Nuevo ${noun.one}` : `Editar ${noun.one}`} visible={editing !== null} onHide={() => setEditing(null)} className="cl-dialog" modal>
          {editing !== null && (
            <Form key={editing === 'new' ? 'new' : editing.id} idPrefix={`${String(resource)}-dialog`} initial={editing === 'new' ? edit.empty : edit.fromRow(editing)} validate={edit.validate} submit={save} onCancel={() => setEditing(null)}>
              {edit.fields}
            </Form>
          )}
        </Dialog>
      )}
    </section>
  );
}
