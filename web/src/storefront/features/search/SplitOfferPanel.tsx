import { Link } from 'react-router-dom';
import type { SplitOffer } from '@contracts';
import { formatClp } from '../../../app/format';
import { EMPTY_FILTER, filterToUrl, type QuoteFilter } from './quoteFilter';

/**
 * "Hazlo en 2 laboratorios" (issue 30): which exams go where, what each visit costs (its sample taking included)
 * and what the split saves; each visit opens its laboratory with its part of the order.
 */
export function SplitOfferPanel({ split, examNames, filter }: { split: SplitOffer; examNames: Record<number, string>; filter: QuoteFilter }) {
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
          const part = filterToUrl({ ...EMPTY_FILTER, exams: visit.examIds, pensionHealtInstitutionId: filter.pensionHealtInstitutionId, coveragePercentage: filter.coveragePercentage, coverageCapUf: filter.coverageCapUf, pediatric: filter.pediatric });
          return (
            <li key={visit.laboratoryId} data-testid="split-visit">
              <Link to={`/laboratorio/${visit.laboratoryId}?${part}`}>{visit.identifierName}</Link>: {visit.examIds.map((id) => examNames[id] ?? `Examen ${id}`).join(', ')}
              <span className="cl-split__pays"> · pagas {formatClp(visit.toPay)}{visit.fees.length > 0 ? ' (incluye toma de muestra)' : ''}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
