import { reviewPrice } from './price-review';

describe('the review of an imported price', () => {
  const none = { regionMedian: null, bonoCopay: null };

  it('flags a price 3 times the region’s median or a third of it, not one inside', () => {
    const market = { regionMedian: 6000, bonoCopay: null };
    expect(reviewPrice({ previous: null, next: 18000 }, market)).toEqual(['FAR_FROM_MARKET']);
    expect(reviewPrice({ previous: null, next: 2000 }, market)).toEqual(['FAR_FROM_MARKET']);
    expect(reviewPrice({ previous: null, next: 17999 }, market)).toEqual([]);
    expect(reviewPrice({ previous: null, next: 2001 }, market)).toEqual([]);
  });

  it('flags a new price too: an extra zero on a price the branch never had', () => {
    expect(reviewPrice({ previous: null, next: 65000 }, { regionMedian: 6500, bonoCopay: 2530 })).toEqual(['FAR_FROM_MARKET']);
  });

  it('flags a price below what a FONASA patient pays with the bono at the branch’s level', () => {
    expect(reviewPrice({ previous: null, next: 2529 }, { regionMedian: null, bonoCopay: 2530 })).toEqual(['BELOW_BONO_COPAY']);
    expect(reviewPrice({ previous: null, next: 2530 }, { regionMedian: null, bonoCopay: 2530 })).toEqual([]);
  });

  it('flags a change beyond 50 % of the current price, up or down, and every reason at once', () => {
    expect(reviewPrice({ previous: 6000, next: 9001 }, none)).toEqual(['LARGE_CHANGE']);
    expect(reviewPrice({ previous: 6000, next: 2999 }, none)).toEqual(['LARGE_CHANGE']);
    expect(reviewPrice({ previous: 6000, next: 9000 }, none)).toEqual([]);
    expect(reviewPrice({ previous: 6500, next: 650 }, { regionMedian: 6500, bonoCopay: 2530 })).toEqual(['FAR_FROM_MARKET', 'BELOW_BONO_COPAY', 'LARGE_CHANGE']);
  });

  it('flags nothing it cannot compare with', () => {
    expect(reviewPrice({ previous: null, next: 1 }, none)).toEqual([]);
  });
});
