import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { formatClp, formatUf, shortExamName } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useLaboratoryPage, useQuote } from '../../../api/search';
import { itemAdded } from '../cart/cartSlice';
import { cartLinesOf, previsionShares, type OrderAtLaboratory } from '../cart/quotedCartLines';
import { payerOf } from '../search/payer';
import { capUf } from '../search/quoteFilter';
import { FeesIncluded, VisitFeeRows } from '../search/QuoteCard';
import { PreparationPanel } from '../search/PreparationPanel';
import { KeepQuoteButtons } from '../kept-quotes/KeepQuoteButtons';
import { insurersRequested } from '../search/searchSlice';

/** The order a patient quoted, as the address of a quote's "Ver laboratorio" carries it (`tope`: the plan's cap in UF; `nino=1`: the pediatric sample taking). */
export type QuotedOrderRequest = OrderAtLaboratory;

/** `examenes`, `prevision` and `cobertura` of the address, as /buscador writes them. */
export function quotedOrderFrom(params: URLSearchParams): QuotedOrderRequest | null {
  const id = (text: string | null) => (text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
  const exams = [...new Set((params.get('examenes') ?? '').split(',').map(id).filter((n): n is number => n !== null))].slice(0, 30);
  if (exams.length === 0) return null;
  const coverage = params.get('cobertura');
  const percentage = coverage === null || coverage === '' ? null : Number(coverage);
  return {
    exams, pensionHealtInstitutionId: id(params.get('prevision')), coveragePercentage: percentage !== null && percentage >= 0 && percentage <= 100 ? percentage : null,
    coverageCapUf: capUf(params.get('tope')),
    pediatric: params.get('nino') === '1',
  };
}

/**
 * "Tu orden" at the top of a laboratory's page opened from a quote (issue 19): each exam's price and
 * what the patient pays with the previsión of the quote (the very quote of /buscador, asked again for
 * this laboratory), and "Agregar mi orden al carro" with those amounts.
 */
export function QuotedOrder({ laboratoryId, laboratoryName, order }: { laboratoryId: number; laboratoryName: string; order: QuotedOrderRequest }) {
  const dispatch = useAppDispatch();
  // The button turns into a disabled one, which cannot keep focus: the next step ("Ir a pagar") takes it in the very
  // commit that shows it (its ref), however late that render comes. A frame after the click was once too early
  // (no-traps, stop 51: focus stayed on the disabled button).
  const focusCheckoutWhenShown = useRef(false);
  const { insurers, insurersStatus } = useAppSelector((state) => state.search);
  useEffect(() => {
    if (insurersStatus === 'idle') dispatch(insurersRequested());
  }, [dispatch, insurersStatus]);
  const quote = useQuote({ ...order, laboratoryId, perPage: 1 });
  // The laboratory's own lines of those exams: the cart adds laboratory exams, by their id.
  const lines = useLaboratoryPage(laboratoryId, { exams: order.exams, perPage: 30 });
  const inCart = useAppSelector((state) => state.cart.items);
  // Known when the patient comes from the quote (the search named its exams).
  const { examNames, examTyped } = useAppSelector((state) => state.search);

  const insurer = insurers.find((i) => i.id === order.pensionHealtInstitutionId);
  const payer = payerOf(insurer);
  const item = quote.data?.items[0];
  const offered = lines.data?.exams.items ?? [];
  if (quote.error || lines.error) return <Message severity="error" className="cl-block" text="No pudimos cargar tu orden en este laboratorio." />;
  if (!quote.data || !lines.data) return <p className="cl-muted" aria-busy="true">Cargando tu orden…</p>;
  if (!item) return <Message severity="warn" className="cl-block" text="Este laboratorio no ofrece ninguno de los exámenes de tu orden." />;

  const declined = item.acceptsInsurer === false;
  const shared = previsionShares(item, insurer);
  const pays = new Map(item.exams.map((e) => [e.examId, e]));
  const cartLines = cartLinesOf(offered, item, { id: laboratoryId, name: laboratoryName }, insurer);
  const added = cartLines.length > 0 && cartLines.every((line) => inCart.some((i) => i.id === line.id && (i.kind ?? 'EXAM') === 'EXAM'));
  const missing = item.missingExamIds.length;
  const missingNames = item.missingExamIds.map((id) => examNames[id]);

  return (
    <section className="cl-lab-order" aria-labelledby="order-title" data-testid="quoted-order">
      <h2 id="order-title">Tu orden en este laboratorio</h2>
      {declined && insurer && payer !== 'FONASA_A' && (
        <p className="cl-quote__declined">No atiende con {insurer.type === 'public' ? 'FONASA' : insurer.name}: te mostramos su precio particular.</p>
      )}
      <table className="cl-quote__exams">
        <thead>
          <tr>
            <th scope="col">Examen</th>
            <th scope="col" className="cl-num">{shared ? 'Particular' : 'Precio'}</th>
            {shared && <th scope="col" className="cl-num">Tú pagas</th>}
          </tr>
        </thead>
        <tbody>
          {offered.filter((e) => pays.has(e.id)).map((e) => (
            <tr key={e.id}>
              <th scope="row">{shortExamName(e.name)}</th>
              <td className="cl-num">{formatClp(e.price)}</td>
              {shared && (
                <td className="cl-num" data-testid="order-copay">
                  {formatClp(pays.get(e.id)!.copay)}
                  {pays.get(e.id)!.capped && order.coverageCapUf !== null && <span className="cl-quote__pay">Tope del plan: {formatUf(order.coverageCapUf)}</span>}
                </td>
              )}
            </tr>
          ))}
          <VisitFeeRows fees={item.fees} shared={shared} payer={payer} />
        </tbody>
      </table>
      {missing > 0 && (
        <p className="cl-quote__missing">
          {missingNames.every(Boolean) ? `No ofrece: ${missingNames.join(', ')}.` : `No ofrece ${missing === 1 ? '1 examen' : `${missing} exámenes`} de tu orden.`}
        </p>
      )}
      <dl className="cl-quote__totals">
        <div>
          <dt>{shared ? 'Precio particular' : 'Total'}</dt>
          <dd data-testid="order-total">{formatClp(item.total)}</dd>
        </div>
        {(shared || item.fees.length > 0) && (
          <div className="cl-quote__copay">
            <dt>Tú pagas{payer === 'ISAPRE' && shared ? ' (estimado)' : ''}</dt>
            <dd data-testid="order-pays">{formatClp(item.toPay)}</dd>
            <FeesIncluded quote={item} />
          </div>
        )}
      </dl>
      {/* The cart holds the exams; the sample taking is charged by the laboratory at the visit. */}
      {item.fees.length > 0 && (
        <p className="cl-muted" data-testid="order-fee-at-counter">
          La toma de muestra ({formatClp(item.fees.reduce((sum, fee) => sum + fee.copay, 0))}) se paga en el laboratorio el día de tu visita.
        </p>
      )}
      {quote.data.preparation && <PreparationPanel preparation={quote.data.preparation} hours={item.facts?.openingHours} />}
      <KeepQuoteButtons request={{ ...order, laboratoryId, typed: examTyped }} />
      <div className="cl-lab-order__actions">
        <Button
          label={added ? 'Tu orden está en el carro' : 'Agregar mi orden al carro'}
          icon={added ? 'pi pi-check' : 'pi pi-cart-plus'}
          disabled={added}
          onClick={() => {
            // Armed only when the click adds lines: otherwise no link appears for it to take focus.
            focusCheckoutWhenShown.current = cartLines.length > 0;
            cartLines.forEach((line) => dispatch(itemAdded(line)));
          }}
        />
        {added && (
          <Link
            ref={(link) => {
              if (!link || !focusCheckoutWhenShown.current) return;
              focusCheckoutWhenShown.current = false;
              link.focus();
            }}
            to="/checkout"
            className="p-button p-button-outlined cl-link-btn"
          >
            Ir a pagar
          </Link>
        )}
      </div>
    </section>
  );
}
