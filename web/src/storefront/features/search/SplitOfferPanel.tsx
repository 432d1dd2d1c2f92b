import { useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { SplitOffer } from '@contracts';
import { formatClp } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { visitsAdded } from '../cart/cartSlice';
import { fetchCartLines } from '../cart/quotedCartLines';
import { EMPTY_FILTER, filterToUrl, type QuoteFilter } from './quoteFilter';

/**
 * "Hazlo en 2 laboratorios" (issue 30): which exams go where, what each visit costs (its sample taking included)
 * and what the split saves; each visit opens its laboratory with its part of the order, and both visits go to the
 * cart at once (checkout then pays one order per laboratory).
 */
export function SplitOfferPanel({ split, examNames, filter }: { split: SplitOffer; examNames: Record<number, string>; filter: QuoteFilter }) {
  const dispatch = useAppDispatch();
  const insurer = useAppSelector((state) => state.search.insurers.find((i) => i.id === filter.pensionHealtInstitutionId));
  const [adding, setAdding] = useState<'idle' | 'adding' | 'added' | 'changed' | 'failed'>('idle');
  const order = (examIds: number[]) => ({ exams: examIds, pensionHealtInstitutionId: filter.pensionHealtInstitutionId, coveragePercentage: filter.coveragePercentage, coverageCapUf: filter.coverageCapUf, pediatric: filter.pediatric });
  const addBoth = async () => {
    setAdding('adding');
    try {
      const lines = await Promise.all(split.visits.map((visit) => fetchCartLines({ id: visit.laboratoryId, name: visit.identifierName }, order(visit.examIds), insurer)));
      // A price withdrawn since the quote leaves a visit short: nothing is added, and the person is told.
      if (lines.some((visitLines, i) => visitLines.length !== split.visits[i].examIds.length)) return setAdding('changed');
      dispatch(visitsAdded(lines.flat()));
      setAdding('added');
    } catch {
      setAdding('failed');
    }
  };
  const title = split.saving !== null ? `Hazlo en 2 laboratorios: ahorras ${formatClp(split.saving)}` : 'Ningún laboratorio tiene tu orden completa: hazla en 2';
  return (
    <section className="cl-split" aria-labelledby="split-title" data-testid="split-offer">
      <h3 id="split-title" className="cl-split__title">
        <i className="pi pi-arrows-h" aria-hidden="true" /> {title}
      </h3>
      <p className="cl-split__summary">
        Pagas {formatClp(split.toPay)} en dos visitas{split.single ? `, en vez de ${formatClp(split.single.toPay)} en ${split.single.identifierName}` : ''}.
      </p>
      <ol className="cl-split__visits">
        {split.visits.map((visit) => {
          const part = filterToUrl({ ...EMPTY_FILTER, ...order(visit.examIds) });
          return (
            <li key={visit.laboratoryId} data-testid="split-visit">
              <Link to={`/laboratorio/${visit.laboratoryId}?${part}`}>{visit.identifierName}</Link>: {visit.examIds.map((id) => examNames[id] ?? `Examen ${id}`).join(', ')}
              <span className="cl-split__pays"> · pagas {formatClp(visit.toPay)}{visit.fees.length > 0 ? ' (incluye toma de muestra)' : ''}</span>
            </li>
          );
        })}
      </ol>
      <div className="cl-split__actions">
        {adding === 'added' ? (
          <Link to="/checkout" className="p-button cl-link-btn">
            <i className="pi pi-check" aria-hidden="true" />&nbsp;Las 2 visitas están en tu carro: ir a pagar
          </Link>
        ) : (
          <Button label="Agregar las 2 visitas al carro" icon="pi pi-cart-plus" outlined loading={adding === 'adding'} onClick={() => void addBoth()} />
        )}
        {adding === 'changed' && <Message severity="warn" text="Un laboratorio dejó de ofrecer uno de estos exámenes desde tu cotización: vuelve a cotizar." />}
        {adding === 'failed' && <Message severity="error" text="No pudimos agregar las visitas al carro. Inténtalo de nuevo." />}
      </div>
    </section>
  );
}
