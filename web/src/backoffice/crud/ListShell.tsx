import type { ReactNode } from 'react';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { ImportKind } from '@contracts';
import type { FilterOf, ListOf, OrderOf, ResourceName } from '../../api/dataProvider';
import { BulkActionsBar, type BulkAction } from './list/BulkActions';
import { ExportButton, type CsvExport } from './list/ExportButton';
import { FilterForm } from './list/FilterForm';
import type { FilterDef } from './list/listParams';
import { ListTable, type ColumnDef } from './list/ListTable';
import { useListController } from './list/useListController';
import { PageHeader } from './PageHeader';

export type { BulkAction, ColumnDef, FilterDef };

interface Noun {
  one: string;
  many: string;
}

/**
 * The list screen of a resource: a list controller whose state is the address (a reload or a shared link shows the
 * same list), and its views: the total, the filters, CSV export of the whole filtered list, the table, and row
 * selection with bulk actions that ask first.
 */
export function ListShell<R extends ResourceName>({ resource, title, description, basePath, noun, filters = [], columns, csv, bulkActions = [], defaultSort, rowName, canCreate = true, createLabel, rowActions, fixedFilter, canEdit = true, importKind }: {
  resource: R;
  title: string;
  /** What the list manages, in a sentence, when its title alone does not say it. */
  description?: string;
  basePath: string;
  noun: Noun;
  filters?: FilterDef[];
  columns: ColumnDef<ListOf<R>>[];
  csv: CsvExport<ListOf<R>>;
  bulkActions?: BulkAction[];
  /**
   * The order of a list whose route declares ordering (`orderingFields`); its columns with a `sortKey` can then be
   * sorted. Without it, nothing about order is sent: the route orders the list, and refuses an `orderBy` it does not take.
   */
  defaultSort?: { orderBy: OrderOf<R>; orderSort: 'asc' | 'desc' };
  /** How a row is named to screen readers ("Ver Hemograma"). */
  rowName: (row: ListOf<R>) => string;
  canCreate?: boolean;
  createLabel?: string;
  /** More per-row controls beside view and edit. */
  rowActions?: (row: ListOf<R>) => ReactNode;
  /** Sent with every request and not shown (administrators: `profileCode: 'ADM'`). */
  fixedFilter?: Partial<FilterOf<R>>;
  /** False when the rows are not edited on a form of their own (a queue of decisions). */
  canEdit?: boolean;
  /** The rows can be loaded from a spreadsheet: an "Importar" link to /app/imports/new of that kind. */
  importKind?: ImportKind;
}) {
  const list = useListController({ resource, filters, fixedFilter, defaultSort, sortKeys: columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])) });
  const totalText = list.loaded ? `${list.total.toLocaleString('es-CL')} ${list.total === 1 ? noun.one : noun.many}` : 'Cargando…';

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <ExportButton list={list} csv={csv} noun={noun} />
            {importKind && (
              <Link to={`/app/imports/new?kind=${importKind}`} className="p-button p-button-outlined cl-link-btn">
                <i className="pi pi-upload" aria-hidden="true" /> Importar
              </Link>
            )}
            {canCreate && (
              <Link to={`${basePath}/new`} className="p-button cl-link-btn">
                <i className="pi pi-plus" aria-hidden="true" /> {createLabel ?? 'Nuevo'}
              </Link>
            )}
          </>
        }
      >
        {description && <p className="cl-page-head__description">{description}</p>}
        <p className="cl-muted cl-page-head__count" aria-live="polite">{totalText}</p>
      </PageHeader>

      {filters.length > 0 && <FilterForm list={list} filters={filters} noun={noun} />}

      {list.error && <Message severity="error" text={list.error} className="cl-block" />}

      <ListTable
        list={list}
        label={title}
        columns={columns}
        emptyMessage={`No hay ${noun.many} con estos filtros.`}
        rowName={rowName}
        bulkActions={bulkActions.length > 0 ? <BulkActionsBar list={list} actions={bulkActions} noun={noun} /> : undefined}
        actions={(row) => (
          <>
            {rowActions?.(row)}
            <Link to={`${basePath}/view/${(row as { id: number }).id}`} className="p-button p-button-text p-button-rounded p-button-icon-only" aria-label={`Ver ${rowName(row)}`} title="Ver">
              <i className="pi pi-eye" aria-hidden="true" />
            </Link>
            {canEdit && (
              <Link to={`${basePath}/edit/${(row as { id: number }).id}`} className="p-button p-button-text p-button-rounded p-button-icon-only" aria-label={`Editar ${rowName(row)}`} title="Editar">
                <i className="pi pi-pencil" aria-hidden="true" />
              </Link>
            )}
          </>
        )}
      />
    </>
  );
}
