import { Link } from 'react-router-dom';
import { formatClp } from '../../../app/format';
import type { LaboratoryQuote } from './searchSlice';

interface Props {
  quote: LaboratoryQuote;
  examNames: Record<number, string>;
  comunaName?: string;
  /** Whether coverage applies: an insurer was chosen. */
  withCoverage: boolean;
  ordered: boolean;
}

/** One laboratory's quote of the order: each exam's price and copay, the total, and what it lacks. */
export function QuoteCard({ quote, examNames, comunaName, withCoverage, ordered }: Props) {
  const titleId = `lab-${quote.laboratoryId}`;
  const missing = quote.missingExamIds.map((id) => examNames[id] ?? `Examen ${id}`);
  return (
    <article className="cl-quote" aria-labelledby={titleId} data-testid="quote">
      <header className="cl-quote__head">
        <div>
          <h3 id={titleId} className="cl-quote__name">
            <Link to={`/laboratorio/${quote.laboratoryId}`}>{quote.identifierName}</Link>
          </h3>
          <p className="cl-quote__address">
            <i className="pi pi-map-marker" aria-hidden="true" /> {quote.addressLine1}
            {comunaName ? `, ${comunaName}` : ''}
          </p>
        </div>
        {ordered && (
          <span className={`cl-tag ${quote.offersAll ? 'cl-tag--ok' : 'cl-tag--warn'}`}>
            {quote.offersAll ? 'Orden completa' : `Le ${missing.length === 1 ? 'falta 1 examen' : `faltan ${missing.length} exámenes`}`}
          </span>
        )}
      </header>
      {ordered && quote.exams.length > 0 && (
        <table className="cl-quote__exams">
          <caption className="cl-sr-only">Precios en {quote.identifierName}</caption>
          <thead>
            <tr>
              <th scope="col">Examen</th>
              <th scope="col" className="cl-num">Precio</th>
              {withCoverage && <th scope="col" className="cl-num">Copago</th>}
            </tr>
          </thead>
          <tbody>
            {quote.exams.map((exam) => (
              <tr key={exam.examId}>
                <th scope="row">{examNames[exam.examId] ?? `Examen ${exam.examId}`}</th>
                <td className="cl-num">{formatClp(exam.price)}</td>
                {withCoverage && <td className="cl-num">{formatClp(exam.copay)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {missing.length > 0 && (
        <p className="cl-quote__missing">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> No ofrece: {missing.join(', ')}
        </p>
      )}
      {ordered && quote.exams.length > 0 && (
        <dl className="cl-quote__totals">
          <div>
            <dt>Total{quote.offersAll ? '' : ' de lo que ofrece'}</dt>
            <dd data-testid="quote-total">{formatClp(quote.total)}</dd>
          </div>
          {withCoverage && (
            <>
              <div>
                <dt>Cubre tu previsión (estimado)</dt>
                <dd>{formatClp(quote.coverage)}</dd>
              </div>
              <div className="cl-quote__copay">
                <dt>Tú pagas</dt>
                <dd data-testid="quote-copay">{formatClp(quote.copay)}</dd>
              </div>
            </>
          )}
        </dl>
      )}
      <footer className="cl-quote__foot">
        <Link to={`/laboratorio/${quote.laboratoryId}`} className="cl-link-button">
          Ver laboratorio y agregar al carro <i className="pi pi-angle-right" aria-hidden="true" />
        </Link>
      </footer>
    </article>
  );
}
