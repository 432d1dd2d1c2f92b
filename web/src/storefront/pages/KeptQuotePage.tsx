import { Link, useParams } from 'react-router-dom';
import { Message } from 'primereact/message';
import { useKeptQuote } from '../../api/search';
import { formatDate, shortExamName } from '../../app/format';
import NotFoundPage from '../../shared/ui/NotFoundPage';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { KeepQuoteButtons } from '../features/kept-quotes/KeepQuoteButtons';
import { PreparationPanel } from '../features/search/PreparationPanel';
import { payerOf } from '../features/search/payer';
import { QuoteCard } from '../features/search/QuoteCard';
import { filterToUrl, EMPTY_FILTER } from '../features/search/quoteFilter';

/**
 * /cotizacion/{ref} (issue 30): a kept quote, quoted again now, with what changed since it was kept; its PDF and
 * its link to share. Past its 30 days it still shows, re-quoted, and says it expired.
 */
export default function KeptQuotePage() {
  const { ref = '' } = useParams();
  const kept = useKeptQuote(ref);
  usePageTitle(kept.data ? `Cotización ${kept.data.ref}` : 'Cotización');
  if (kept.error?.code === 404) return <NotFoundPage />;
  if (kept.error) return <div className="cl-container cl-narrow"><Message severity="error" text={kept.error.message} /></div>;
  const view = kept.data;
  if (!view) return <div className="cl-container cl-narrow"><p className="cl-muted" aria-busy="true">Cargando la cotización…</p></div>;

  const payer = payerOf(view.insurer ? { ...view.insurer, parentId: null } : undefined);
  const examNames = Object.fromEntries(view.exams.map((e) => [e.id, e.typed ? `${e.typed} · ${shortExamName(e.name)}` : shortExamName(e.name)]));
  const current = view.now ?? view.then;
  const order = { exams: view.exams.map((e) => e.id), pensionHealtInstitutionId: view.insurer?.id ?? null, coveragePercentage: view.coveragePercentage, coverageCapUf: view.coverageCapUf };
  const orderQuery = filterToUrl({ ...EMPTY_FILTER, ...order });
  return (
    <div className="cl-container cl-kept">
      <h1 className="cl-page-title">Cotización {view.ref}</h1>
      <p className="cl-muted">
        Cotizada el {formatDate(view.createdAt)} · {view.expired ? `venció el ${formatDate(view.validUntil)}` : `válida hasta el ${formatDate(view.validUntil)}`}
        {view.insurer ? ` · ${view.insurer.name}` : ' · Sin previsión (particular)'}
      </p>
      {view.expired && <Message severity="warn" className="cl-block" text="Esta cotización venció: abajo está cotizada de nuevo con los precios de hoy." />}
      <section className="cl-panel cl-kept__changes" aria-labelledby="changes-title" data-testid="kept-changes">
        <h2 id="changes-title">{view.changes.length > 0 ? `Cambios desde el ${formatDate(view.createdAt)}` : 'Sin cambios'}</h2>
        {view.changes.length > 0 ? (
          <ul className="cl-plain">{view.changes.map((change) => <li key={change}>{change}</li>)}</ul>
        ) : (
          <p>El laboratorio mantiene los precios de esta cotización.</p>
        )}
      </section>
      <QuoteCard quote={current.quote} examNames={examNames} payer={payer} insurerName={view.insurer?.name} ordered orderQuery={orderQuery} coveragePercentage={view.coveragePercentage} coverageCapUf={view.coverageCapUf} comunaName={view.laboratory.comuna} />
      {current.preparation && <PreparationPanel preparation={current.preparation} hours={view.laboratory.openingHours} />}
      <KeepQuoteButtons keptRef={view.ref} request={{ ...order, laboratoryId: view.laboratory.id, typed: Object.fromEntries(view.exams.filter((e) => e.typed).map((e) => [String(e.id), e.typed!])) }} />
      <p><Link to={`/buscador?${orderQuery}`}>Comparar esta orden en otros laboratorios</Link></p>
    </div>
  );
}
