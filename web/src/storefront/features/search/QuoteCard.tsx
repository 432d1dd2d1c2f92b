import { Link } from 'react-router-dom';
import { VISIT_FEE_LABELS, type ExamPriceStats, type ExamQuote, type KeepQuoteRequest, type VisitFeeInput } from '@contracts';
import { PricePosition } from './PricePosition';
import { KeepQuoteButtons } from '../kept-quotes/KeepQuoteButtons';
import { formatClp, formatDay, formatDistance, formatUf } from '../../../app/format';
import { homeCollectionText } from '../../../shared/homeCollectionText';
import { chileNow, openingState } from './openingHours';
import type { Payer } from './payer';
import type { LaboratoryQuote } from './searchSlice';

interface Props {
  quote: LaboratoryQuote;
  examNames: Record<number, string>;
  comunaName?: string;
  payer: Payer;
  /** The chosen previsión's name, for the line of a branch that does not take it. */
  insurerName?: string;
  ordered: boolean;
  /** The order and previsión in the address (`examenes=…&prevision=…`): the laboratory's page shows that order first. */
  orderQuery?: string;
  /** The Isapre plan's percentage the estimate uses: said on the card, since a phone folds the filters where it was typed. */
  coveragePercentage?: number | null;
  /** The plan's cap per exam in UF, said on the lines where it bit. */
  coverageCapUf?: number | null;
  /** The order as a kept quote would be asked (issue 30): "Descargar cotización (PDF)" and "Compartir" on the card. */
  keep?: Omit<KeepQuoteRequest, 'laboratoryId'>;
  /** Where each exam's price sits in the region (issue 30). */
  priceStats?: Record<number, ExamPriceStats>;
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
export function QuoteCard({ quote, examNames, comunaName, payer, insurerName, ordered, orderQuery, coveragePercentage = null, coverageCapUf = null, keep, priceStats }: Props) {
  const titleId = `lab-${quote.laboratoryId}`;
  const labLink = `/laboratorio/${quote.laboratoryId}${orderQuery ? `?${orderQuery}` : ''}`;
  const missing = quote.missingExamIds.map((id) => examNames[id] ?? `Examen ${id}`);
  // A branch that does not take the previsión is quoted as particular: no bono, no Isapre share.
  const declined = quote.acceptsInsurer === false;
  const shared = (payer === 'FONASA' || payer === 'ISAPRE') && !declined;
  const estimate = payer === 'ISAPRE' ? ' (estimado)' : '';
  return (
    <article className="cl-quote" aria-labelledby={titleId} data-testid="quote">
      <header className="cl-quote__head">
        <div>
          <h3 id={titleId} className="cl-quote__name">
            <Link to={labLink}>{quote.identifierName}</Link>
          </h3>
          <p className="cl-quote__address">
            <i className="pi pi-map-marker" aria-hidden="true" /> {quote.addressLine1}
            {comunaName ? `, ${comunaName}` : ''}
            {quote.distanceKm !== null && (
              <span className="cl-quote__distance" data-testid="quote-distance">
                {' '}· a {formatDistance(quote.distanceKm)}
              </span>
            )}
          </p>
          {quote.facts && <Facts facts={quote.facts} bono={payer !== 'FONASA' && payer !== 'FONASA_A'} />}
          {declined && payer !== 'FONASA_A' && (
            <p className="cl-quote__declined" data-testid="quote-declined">
              <i className="pi pi-info-circle" aria-hidden="true" /> No atiende con {insurerName ?? 'tu previsión'}: te mostramos su precio particular.
            </p>
          )}
          {payer === 'FONASA' && !declined && (
            <p className="cl-quote__mle">{quote.fonasaLevel && quote.facts?.takesFonasaBono !== false ? `Atiende con bono FONASA, nivel ${quote.fonasaLevel}` : 'No atiende con bono FONASA: precios particulares'}</p>
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
                  <td className="cl-num">
                    {formatClp(exam.price)}
                    {priceStats?.[exam.examId] && <PricePosition price={exam.price} stats={priceStats[exam.examId]} />}
                    {exam.stale && <span className="cl-quote__stale" data-testid="price-stale">Sin confirmar hace más de 6 meses</span>}
                  </td>
                  {shared && (
                    <td className="cl-num" data-testid="exam-copay">
                      {formatClp(exam.copay)}
                      {note && <span className={`cl-quote__pay ${exam.privateCheaper ? 'cl-quote__pay--private' : ''}`}>{note}</span>}
                      {exam.capped && coverageCapUf !== null && <span className="cl-quote__pay" data-testid="exam-capped">Tope del plan: {formatUf(coverageCapUf)}</span>}
                    </td>
                  )}
                </tr>
              );
            })}
            {/* Asked for at home: the branch's fee in the patient's comuna is a line of the quote, and of its total. */}
            {quote.homeFee !== undefined && (
              <tr>
                <th scope="row">Toma de muestra a domicilio</th>
                <td className="cl-num" data-testid="quote-home-fee">{formatClp(quote.homeFee)}</td>
                {shared && <td className="cl-num">{formatClp(quote.homeFee)}</td>}
              </tr>
            )}
            <VisitFeeRows fees={quote.fees} shared={shared} payer={payer} />
          </tbody>
        </table>
      )}
      {ordered && <FreshSince quote={quote} />}
      {missing.length > 0 && (
        <p className="cl-quote__missing">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> No ofrece: {missing.join(', ')}
        </p>
      )}
      {ordered && quote.exams.length > 0 && (
        <dl className="cl-quote__totals">
          <div>
            <dt>{shared ? 'Precio particular' : declined ? 'Tú pagas (particular)' : 'Total'}{quote.offersAll ? '' : ' de lo que ofrece'}</dt>
            <dd data-testid="quote-total">{formatClp(quote.total)}</dd>
          </div>
          {shared && (
            <>
              <div>
                <dt>{payer === 'FONASA' ? 'FONASA paga' : `Cubre tu Isapre (${coveragePercentage !== null ? `${coveragePercentage}%, ` : ''}estimado)`}</dt>
                <dd data-testid="quote-coverage">{formatClp(quote.coverage)}</dd>
              </div>
              <div className="cl-quote__copay">
                <dt>Tú pagas{estimate}</dt>
                <dd data-testid="quote-copay">{formatClp(quote.toPay)}</dd>
                {payer === 'FONASA' && quote.bonoCopay > 0 && quote.privateCopay > 0 && (
                  <dd className="cl-quote__split" data-testid="quote-split">
                    {formatClp(quote.bonoCopay)} en bonos + {formatClp(quote.privateCopay)} particular
                  </dd>
                )}
                <FeesIncluded quote={quote} />
              </div>
            </>
          )}
          {!shared && quote.fees.length > 0 && (
            <div className="cl-quote__copay">
              <dt>Tú pagas</dt>
              <dd data-testid="quote-copay">{formatClp(quote.toPay)}</dd>
              <FeesIncluded quote={quote} />
            </div>
          )}
        </dl>
      )}
      <footer className="cl-quote__foot">
        {keep && ordered && quote.exams.length > 0 && <KeepQuoteButtons compact request={{ ...keep, laboratoryId: quote.laboratoryId }} />}
        <Link to={labLink} className="cl-link-button">
          Ver laboratorio y agregar al carro <i className="pi pi-angle-right" aria-hidden="true" />
        </Link>
      </footer>
    </article>
  );
}

/** "Precios vigentes desde 12-11-2026": the oldest day this laboratory set or confirmed a price of the order. */
function FreshSince({ quote }: { quote: LaboratoryQuote }) {
  const oldest = quote.exams.map((e) => e.confirmedOn).filter((day): day is string => Boolean(day)).sort()[0];
  return oldest ? <p className="cl-quote__fresh" data-testid="quote-fresh">Precios vigentes desde el {formatDay(oldest)}</p> : null;
}

/** The visit's fees as lines of the quote's table: charged once per visit, whatever the number of exams. */
export function VisitFeeRows({ fees, shared, payer }: { fees: LaboratoryQuote['fees']; shared: boolean; payer: Payer }) {
  return fees.map((fee) => (
    <tr key={fee.kind} data-testid="quote-fee">
      <th scope="row">{VISIT_FEE_LABELS[fee.kind]} <span className="cl-quote__once">(una vez por visita)</span></th>
      <td className="cl-num">{formatClp(fee.amount)}</td>
      {shared && (
        <td className="cl-num">
          {formatClp(fee.copay)}
          {payer === 'FONASA' && fee.copay < fee.amount && <span className="cl-quote__pay">Bono FONASA</span>}
        </td>
      )}
    </tr>
  ));
}

/** What "Tú pagas" adds to the exams: "Incluye toma de muestra $2.500". */
export function FeesIncluded({ quote }: { quote: Pick<LaboratoryQuote, 'fees'> }) {
  const fees = quote.fees.reduce((sum, fee) => sum + fee.copay, 0);
  if (quote.fees.length === 0) return null;
  // A second <dd> of "Tú pagas": a definition list's group holds only its terms and definitions.
  return <dd className="cl-quote__split" data-testid="quote-fees-included">Incluye toma de muestra {formatClp(fees)}</dd>;
}

/** "Recargo de $3.000 de 18:00 a 21:00": when coming costs more, so the patient can choose the hour. */
export function afterHoursText(fees: VisitFeeInput[]): string | null {
  const surcharge = fees.find((fee) => fee.kind === 'AFTER_HOURS');
  return surcharge ? `Recargo de ${formatClp(surcharge.amount)} de ${surcharge.startsAt} a ${surcharge.endsAt}` : null;
}

/** Open now or when it opens, walk-in or appointment, home collection, the FONASA bono: on the card, where people decide. */
function Facts({ facts, bono }: { facts: NonNullable<LaboratoryQuote['facts']>; bono: boolean }) {
  const opening = openingState(facts.openingHours, chileNow(new Date()));
  return (
    <ul className="cl-quote__facts" aria-label="Atención" data-testid="quote-facts">
      {opening && <li className={opening.open ? 'is-open' : undefined}><i className="pi pi-clock" aria-hidden="true" /> {opening.text}</li>}
      <li><i className="pi pi-calendar" aria-hidden="true" /> {facts.walkIn ? 'Sin hora: llega y te atienden' : 'Con hora agendada'}</li>
      {facts.homeCollectionArea && (
        <li data-testid="quote-home"><i className="pi pi-home" aria-hidden="true" /> {homeCollectionText(facts.homeCollectionArea)}</li>
      )}
      {afterHoursText(facts.fees) && <li data-testid="quote-after-hours"><i className="pi pi-moon" aria-hidden="true" /> {afterHoursText(facts.fees)}</li>}
      {/* FONASA B–D read it with the level on the line below; tramo A cannot use the bono. */}
      {bono && <li>{facts.takesFonasaBono ? 'Acepta bono FONASA' : 'Sin bono FONASA'}</li>}
    </ul>
  );
}
