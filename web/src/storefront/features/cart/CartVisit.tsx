import { formatClp } from '../../../app/format';
import { useQuote } from '../../../api/search';
import { PreparationPanel } from '../search/PreparationPanel';
import type { CartItem } from './cartSlice';

/**
 * The visit the cart's exams make (issue 30), quoted again at their laboratory: the sample taking it charges at
 * the counter, which the online payment does not include, and how to prepare for the whole order.
 */
export function CartVisit({ items }: { items: CartItem[] }) {
  const exams = items.flatMap((item) => (item.examId !== undefined && (item.kind ?? 'EXAM') === 'EXAM' ? [item.examId] : []));
  const laboratoryId = items[0]?.laboratoryId;
  const visit = useQuote(exams.length > 0 && laboratoryId ? { exams, laboratoryId, perPage: 1 } : null);
  const quote = visit.data?.items[0];
  if (!visit.data || !quote) return null;
  const fees = quote.fees.reduce((sum, fee) => sum + fee.amount, 0);
  return (
    <>
      {fees > 0 && (
        <p className="cl-cart__note" data-testid="cart-fee-at-counter">
          En el laboratorio pagas además la toma de muestra, {formatClp(fees)} (una vez por visita).
        </p>
      )}
      {visit.data.preparation && <PreparationPanel preparation={visit.data.preparation} hours={quote.facts?.openingHours} />}
    </>
  );
}
