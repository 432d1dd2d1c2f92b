import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { OwnLaboratory, PriceQueueItem } from '@contracts';
import { asApiError } from '../../../api/client';
import { formatClp, formatDate, shortExamName } from '../../../app/format';
import { confirmAction } from '../../../shared/ui/confirm';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { useMutations, useNotify } from '../../crud/hooks';
import type { FilterDef } from '../../crud/list/listParams';
import { ListTable, type ColumnDef } from '../../crud/list/ListTable';
import { useListController, useTypedFilter } from '../../crud/list/useListController';
import { DownloadPriceList } from '../imports/DownloadPriceList';
import { AddPrice, ConfirmPrices, CopyPrices, formatWhen, HistoryDialog, personName, PriceCell } from './PriceTools';

const STATUS = {
  PENDING: { label: 'Pendiente', tag: 'cl-tag--warn' },
  AUTHORIZED: { label: 'Autorizado', tag: 'cl-tag--ok' },
  REJECTED: { label: 'Rechazado', tag: 'cl-tag--danger' },
} as const;

const FILTERS = [
  { label: 'Vigentes', value: 'active' },
  { label: 'Pendientes', value: 'PENDING' },
  { label: 'Autorizados', value: 'AUTHORIZED' },
  { label: 'Rechazados', value: 'REJECTED' },
  { label: 'Retirados', value: 'withdrawn' },
  { label: 'Todos', value: 'all' },
];

/** The columns the prices can be ordered by (each its own `orderBy`). */
const COLUMNS_SORTED_BY = ['code', 'name', 'price', 'status', 'updatedAt'];

const codeDotted = (code: string) => (/^\d{7}$/.test(code) ? `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4)}` : code);

/** What "Mostrar" offers, and the request fields each choice stands for. */
const SHOW: FilterDef = {
  name: 'show',
  label: 'Mostrar',
  type: 'select',
  options: FILTERS,
  defaultValue: 'active',
  toQuery: (show) => {
    const status = show === 'PENDING' || show === 'AUTHORIZED' || show === 'REJECTED' ? show : undefined;
    const isActive = show === 'all' ? undefined : show !== 'withdrawn';
    return { ...(status && { status }), ...(isActive !== undefined && { isActive }) };
  },
};
const TERM: FilterDef = { name: 'term', label: 'Buscar examen', type: 'text' };

/**
 * Every exam of a branch: its price, status, last change and who made it; add, reprice, withdraw, history, copy,
 * download. An embedded list (react-admin's `ReferenceManyField`): the list controller with its state kept here, not
 * in the address, which is the branch's.
 */
export function PricesTab({ lab, editable }: { lab: OwnLaboratory; editable: boolean }) {
  const notify = useNotify();
  const { update, remove } = useMutations('branch-prices');
  const list = useListController({
    resource: 'branch-prices',
    stateIn: 'local',
    filters: [TERM, SHOW],
    fixedFilter: { laboratoryId: lab.id },
    defaultSort: { orderBy: 'name', orderSort: 'asc' },
    sortKeys: COLUMNS_SORTED_BY,
    // Re-sorting keeps the page here, as this tab always did.
    resetPageOnSort: false,
  });
  const [typed, setTyped] = useTypedFilter(list, TERM.name);
  const [history, setHistory] = useState<PriceQueueItem | null>(null);

  const withdraw = (row: PriceQueueItem) =>
    confirmAction({
      header: `Retirar ${shortExamName(row.exam.name)}`,
      message: `${lab.identifierName} dejará de ofrecer este examen y no aparecerá en las cotizaciones. Su historial de precios se conserva y puedes volver a ofrecerlo.`,
      acceptLabel: 'Retirar',
      onAccept: async () => {
        const [failure] = await remove([row.id]);
        if (failure) notify({ severity: 'error', summary: asApiError(failure.error).message });
        else notify({ severity: 'success', summary: `Retiramos ${shortExamName(row.exam.name)}.` });
      },
    });
  const offerAgain = async (row: PriceQueueItem) => {
    try {
      await update(row.id, { isActive: true });
      notify({ severity: 'success', summary: `${shortExamName(row.exam.name)} vuelve a ofrecerse a ${formatClp(row.price)}.` });
      list.refresh();
    } catch (caught) {
      notify({ severity: 'error', summary: asApiError(caught).message });
    }
  };

  const columns: ColumnDef<PriceQueueItem>[] = [
    { header: 'Código', sortKey: 'code', nowrap: true, body: (row) => codeDotted(row.exam.code) },
    { header: 'Examen', sortKey: 'name', body: (row) => shortExamName(row.exam.name) },
    // Right-aligned amounts under a header that stays where the others are.
    { header: 'Precio', sortKey: 'price', className: 'cl-num', body: (row) => <PriceCell key={`${row.id}-${row.price}`} row={row} editable={editable && row.isActive} onSaved={list.refresh} /> },
    {
      header: 'Estado',
      sortKey: 'status',
      body: (row) => (
        <span className="cl-lab-status">
          {row.isActive ? <span className={`cl-tag ${STATUS[row.status].tag}`}>{STATUS[row.status].label}</span> : <span className="cl-tag cl-tag--warn">Retirado</span>}
          {row.isActive && row.status === 'REJECTED' && row.rejectionReason && <small className="cl-lab-status__reason">Motivo: {row.rejectionReason}</small>}
        </span>
      ),
    },
    {
      header: 'Último cambio',
      sortKey: 'updatedAt',
      body: (row) => (
        <span className="cl-lab-change">
          {formatWhen(row.updatedAt)}
          {row.priceHistory[0] && <small className="cl-muted">por {personName(row.priceHistory[0].changedBy)}</small>}
          <small className="cl-muted">Vigente desde el {formatDate(row.confirmedAt)}</small>
        </span>
      ),
    },
  ];

  return (
    <section className="cl-lab-prices" aria-label="Precios">
      {editable && <AddPrice laboratoryId={lab.id} onAdded={list.refresh} />}
      <div className="cl-lab-prices__bar">
        <span className="cl-field">
          <label htmlFor="prices-term">{TERM.label}</label>
          <InputText id="prices-term" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Nombre o código FONASA" />
        </span>
        <span className="cl-field">
          <label htmlFor="prices-show">{SHOW.label}</label>
          <SelectBox inputId="prices-show" value={list.filterValue(SHOW.name)} options={SHOW.options} onChange={(e) => list.setFilter(SHOW.name, e.value as string)} />
        </span>
        <span className="cl-lab-prices__more">
          {/* Downloading is reading: also for a closed branch or a company that may no longer change its prices. */}
          <DownloadPriceList companyId={lab.company.id} />
          {editable && (
            <>
              <Link to={`/app/imports/new?kind=laboratory-exam&companyId=${lab.company.id}`} className="p-button p-button-outlined cl-link-btn">
                <i className="pi pi-upload" aria-hidden="true" /> Importar precios
              </Link>
              <CopyPrices lab={lab} onCopied={list.refresh} />
              <ConfirmPrices lab={lab} onConfirmed={list.refresh} />
            </>
          )}
        </span>
      </div>
      {list.error && <Message severity="error" text={list.error} className="cl-block" />}
      <ListTable
        list={list}
        label={`Precios de ${lab.identifierName}`}
        columns={columns}
        emptyMessage={list.filtered ? 'No hay exámenes con estos filtros.' : 'Esta sucursal aún no publica precios. Agrega el primero con el buscador de arriba.'}
        className="cl-lab-prices__table"
        actions={(row) => (
          <>
            <Button icon="pi pi-history" text rounded aria-label={`Historial de ${shortExamName(row.exam.name)}`} title="Historial de precios" onClick={() => setHistory(row)} />
            {editable && row.isActive && <Button icon="pi pi-ban" text rounded severity="danger" aria-label={`Retirar ${shortExamName(row.exam.name)}`} title="Retirar" onClick={() => withdraw(row)} />}
            {editable && !row.isActive && <Button label="Ofrecer de nuevo" icon="pi pi-replay" text size="small" aria-label={`Ofrecer de nuevo ${shortExamName(row.exam.name)}`} onClick={() => void offerAgain(row)} />}
          </>
        )}
      />
      <HistoryDialog row={history} onHide={() => setHistory(null)} />
    </section>
  );
}
