import type { ExamPriceStats } from '@contracts';
import { formatClp } from '../../../app/format';

/**
 * Where a price sits among the region's (issue 30): a small bar from the minimum to the maximum with a mark at the
 * price and one at the median, and the same in words for screen readers.
 */
export function PricePosition({ price, stats }: { price: number; stats: ExamPriceStats }) {
  if (stats.count < 3 || stats.max === stats.min) return null;
  const at = (value: number) => `${Math.round((Math.min(Math.max(value, stats.min), stats.max) - stats.min) / (stats.max - stats.min) * 100)}%`;
  const where = price <= stats.median * 0.9 ? 'bajo' : price >= stats.median * 1.1 ? 'alto' : 'medio';
  return (
    <span className={`cl-position cl-position--${where}`} data-testid="price-position">
      <span className="cl-position__bar" aria-hidden="true">
        <span className="cl-position__median" style={{ left: at(stats.median) }} />
        <span className="cl-position__mark" style={{ left: at(price) }} />
      </span>
      <span className="cl-sr-only">
        Precio {where} en la región: mínimo {formatClp(stats.min)}, mediana {formatClp(stats.median)}, máximo {formatClp(stats.max)}.
      </span>
    </span>
  );
}
