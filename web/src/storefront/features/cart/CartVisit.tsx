import type { QuoteResults } from '@contracts';
import { formatClp } from '../../../app/format';
import { useApiQuery } from '../../../api/hooks';
import { PreparationPanel } from '../search/PreparationPanel';
import type { CartItem } from './cartSlice';

/**
 * The visit the cart's exams make (issue 30), quoted again at their laboratory: the sample taking it charges at
 * the counter, which the online payment does not include, and how to prepare for the whole order.
 */
export function CartVisit({ items }: { items: CartItem[] }) {
  const exams = items.flatMap((item) => (item.examId !== undefined && (item.kind ?? 'EXAM') === 'EXAM' ? [item.examId] : []));
  const laboratoryId = items[0]?.laboratoryId;
  const visit = useApiQuery<QuoteResults>('POST', exams.length > 0 && laboratoryId ? '/api/laboratory/search' : null, { exams, laboratoryId, perPage: 1 });
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
