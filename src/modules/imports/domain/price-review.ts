import type { ImportPriceFlag } from '../../../contracts/imports';

/** A price this many times the region's median, or this fraction of it or less, is far from the market. */
export const FAR_FROM_MARKET_RATIO = 3;

/** A price that moves more than half up or down is flagged in the preview (a typo such as an extra zero). */
export const isLargePriceChange = (previous: number, next: number) => previous > 0 && Math.abs(next - previous) / previous > 0.5;

/**
 * What the review of a price row finds (issue 27), so that a mistake is caught before it is public: the price far
 * from the region's median, below the bono copay at the branch's level, or a change beyond 50 % of the branch's
 * current price. Each reference may be unknown (no price in the region, no bono, a new price): then it flags nothing.
 */
export function reviewPrice(price: { previous: number | null; next: number }, references: { regionMedian: number | null; bonoCopay: number | null }): ImportPriceFlag[] {
  const flags: ImportPriceFlag[] = [];
  const { regionMedian: median, bonoCopay } = references;
  if (median !== null && median > 0 && (price.next >= FAR_FROM_MARKET_RATIO * median || price.next * FAR_FROM_MARKET_RATIO <= median)) flags.push('FAR_FROM_MARKET');
  if (bonoCopay !== null && price.next < bonoCopay) flags.push('BELOW_BONO_COPAY');
  if (price.previous !== null && isLargePriceChange(price.previous, price.next)) flags.push('LARGE_CHANGE');
  return flags;
}
