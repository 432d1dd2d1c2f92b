import { productTermErrors } from './product-terms';
import { offerApplies, priceAt } from '../product-pricing';

describe(productTermErrors.name, () => {
  const base = { price: 30000, netPrice: 30000, offerPrice: null, offerStartsAt: null, offerEndsAt: null };

  it('accepts a product without an offer', () => {
    expect(productTermErrors(base)).toEqual({});
  });

  it('refuses a net price above the price', () => {
    expect(productTermErrors({ ...base, netPrice: 30001 })).toHaveProperty('netPrice');
  });

  it('refuses an offer that is not lower than the price', () => {
    expect(productTermErrors({ ...base, offerPrice: 30000 })).toHaveProperty('offerPrice');
  });

  it('refuses offer dates without an offer price, and dates that run backwards', () => {
    expect(productTermErrors({ ...base, offerEndsAt: new Date('2026-12-01') })).toHaveProperty('offerPrice');
    expect(productTermErrors({ ...base, offerPrice: 20000, offerStartsAt: new Date('2026-12-02'), offerEndsAt: new Date('2026-12-01') })).toHaveProperty('offerEndsAt');
  });
});

describe(priceAt.name, () => {
  const product = { price: 30000, offerPrice: 24990, offerStartsAt: new Date('2026-11-01T03:00:00Z'), offerEndsAt: new Date('2026-12-01T03:00:00Z') };

  it('charges the offer price only within its dates (the end is exclusive)', () => {
    expect(priceAt(product, new Date('2026-10-31T12:00:00Z'))).toBe(30000);
    expect(priceAt(product, new Date('2026-11-15T12:00:00Z'))).toBe(24990);
    expect(priceAt(product, new Date('2026-12-01T03:00:00Z'))).toBe(30000);
  });

  it('treats a missing date as an open end', () => {
    expect(offerApplies({ ...product, offerStartsAt: null, offerEndsAt: null }, new Date('2030-01-01'))).toBe(true);
    expect(offerApplies({ ...product, offerPrice: null }, new Date('2026-11-15'))).toBe(false);
  });
});
