import { Link } from 'react-router-dom';
import type { ExamQuote } from '@contracts';
import { formatClp } from '../../../app/format';
import type { Payer } from './payer';
import type { LaboratoryQuote } from './searchSlice';

interface Props {
  quote: LaboratoryQuote;
  examNames: Record<number, string>;
  comunaName?: string;
  payer: Payer;
  ordered: boolean;
}

/** How one exam is paid, in the patient's words: with a bono, or privately (and why). */
function paymentNote(exam: ExamQuote, payer: Payer): string | null {
  if (payer !== 'FONASA') return null;
  if (exam.payment === 'BONO') return 'Bono FONASA';
  return exam.privateCheaper ? 'Conviene pagar particular' : 'Particular, sin bono';
}

/**
 * One laboratory's quote of the order: each exam's private price and what the patient pays for it,
 * the order's total, what FONASA or the Isapre pays, and "Tú pagas" split into bonos and private payments.
 */
export function QuoteCard({ quote, examNames, comunaName, payer, ordered }: Props) {
  const titleId = `lab-${quote.laboratoryId}`;
  const missing = quote.missingExamIds.map((id) => examNames[id] ?? `Examen ${id}`);
  const shared = payer === 'FONASA' || payer === 'ISAPRE';
  const estimate = payer === 'ISAPRE' ? ' (estimado)' : '';
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
          {payer === 'FONASA' && (
            <p className="cl-quote__mle">{quote.fonasaLevel ? `Atiende con bono FONASA, nivel ${quote.fonasaLevel}` : 'No atiende con bono FONASA: precios particulares'}</p>
          )}
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
              <th scope="col" className="cl-num">{shared ? 'Particular' : 'Precio'}</th>
              {shared && <th scope="col" className="cl-num">Tú pagas</th>}
            </tr>
          </thead>
          <tbody>
            {quote.exams.map((exam) => {
              const note = paymentNote(exam, payer);
              return (
                <tr key={exam.examId}>
                  <th scope="row">{examNames[exam.examId] ?? `Examen ${exam.examId}`}</th>
                  <td className="cl-num">{formatClp(exam.price)}</td>
                  {shared && (
                    <td className="cl-num" data-testid="exam-copay">
                      {formatClp(exam.copay)}
                      {note && <span className={`cl-quote__pay ${exam.privateCheaper ? 'cl-quote__pay--private' : ''}`}>{note}</span>}
                    </td>
                  )}
                </tr>
              );
            })}
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
            <dt>{shared ? 'Precio particular' : 'Total'}{quote.offersAll ? '' : ' de lo que ofrece'}</dt>
            <dd data-testid="quote-total">{formatClp(quote.total)}</dd>
          </div>
          {shared && (
            <>
              <div>
                <dt>{payer === 'FONASA' ? 'FONASA paga' : 'Cubre tu Isapre (estimado)'}</dt>
                <dd data-testid="quote-coverage">{formatClp(quote.coverage)}</dd>
              </div>
              <div className="cl-quote__copay">
                <dt>Tú pagas{estimate}</dt>
                <dd data-testid="quote-copay">{formatClp(quote.copay)}</dd>
                {payer === 'FONASA' && quote.bonoCopay > 0 && quote.privateCopay > 0 && (
                  <span className="cl-quote__split" data-testid="quote-split">
                    {formatClp(quote.bonoCopay)} en bonos + {formatClp(quote.privateCopay)} particular
                  </span>
                )}
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
