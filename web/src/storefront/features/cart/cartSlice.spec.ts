import reducer, { cartPatientPays, cartTotal, cartVisits, conflictResolved, itemAdded, itemRemoved, laboratoryPaid, quantityUpdated, visitsAdded, type CartItem } from './cartSlice';

const item = (id: number, laboratoryId: number, price = 1000, extra: Partial<CartItem> = {}): CartItem => ({
  id, name: `Examen ${id}`, categoryName: `Laboratorio ${laboratoryId}`, cover: '', description: '', price, code: String(id), options: [], quantity: 1, laboratoryId, ...extra,
});
const start = () => reducer(undefined, { type: 'init' });

describe('cart', () => {
  it('adds, replaces the quantity of an item already there, updates and removes by id (spec §4)', () => {
    let state = reducer(start(), itemAdded(item(1, 7)));
    state = reducer(state, itemAdded(item(2, 7, 2500)));
    state = reducer(state, itemAdded({ ...item(1, 7), quantity: 3 }));
    expect(state.items.map((i) => [i.id, i.quantity])).toEqual([[1, 3], [2, 1]]);
    state = reducer(state, quantityUpdated({ id: 2, quantity: 50 }));
    expect(state.items[1].quantity).toBe(10);
    expect(cartTotal(state.items)).toBe(3 * 1000 + 10 * 2500);
    state = reducer(state, itemRemoved(1));
    expect(state.items.map((i) => i.id)).toEqual([2]);
  });

  it('holds a second laboratory’s items until the person chooses, then replaces the cart, adds them as another visit, or keeps it', () => {
    let state = reducer(start(), itemAdded(item(1, 7)));
    state = reducer(state, itemAdded(item(5, 9)));
    state = reducer(state, itemAdded(item(6, 9)));
    expect(state.items.map((i) => i.id)).toEqual([1]);
    expect(state.conflict).toMatchObject({ laboratoryName: 'Laboratorio 9', items: [{ id: 5 }, { id: 6 }] });
    expect(reducer(state, conflictResolved('keep'))).toMatchObject({ items: [{ id: 1 }], conflict: null });
    expect(reducer(state, conflictResolved('replace')).items.map((i) => i.id)).toEqual([5, 6]);
    const both = reducer(state, conflictResolved('add'));
    expect(cartVisits(both.items).map((v) => [v.laboratoryName, v.items.map((i) => i.id)])).toEqual([['Laboratorio 7', [1]], ['Laboratorio 9', [5, 6]]]);
    // A laboratory already in the cart takes more of its exams without asking.
    expect(reducer(both, itemAdded(item(8, 7))).items.map((i) => i.id)).toEqual([1, 5, 6, 8]);
  });

  it('takes a split order’s two visits at once, and lets each laboratory’s paid order leave the cart alone', () => {
    let state = reducer(start(), itemAdded(item(1, 7)));
    state = reducer(state, visitsAdded([item(1, 7, 1000, { quantity: 2 }), item(2, 7), item(3, 9, 4000)]));
    expect(state.conflict).toBeNull();
    expect(cartVisits(state.items).map((v) => [v.laboratoryId, cartTotal(v.items)])).toEqual([[7, 3000], [9, 4000]]);
    state = reducer(state, laboratoryPaid(7));
    expect(state.items.map((i) => i.id)).toEqual([3]);
    expect(reducer(state, laboratoryPaid(9)).items).toEqual([]);
  });

  it('keeps an exam and a product with the same id apart', () => {
    let state = reducer(start(), itemAdded(item(3, 7)));
    state = reducer(state, itemAdded(item(3, 7, 9900, { kind: 'PRODUCT' })));
    expect(state.items).toHaveLength(2);
    state = reducer(state, itemRemoved({ id: 3, kind: 'PRODUCT' }));
    expect(state.items.map((i) => i.kind ?? 'EXAM')).toEqual(['EXAM']);
  });

  it('says what the patient pays with the previsión only when every item came from a quote', () => {
    expect(cartPatientPays([item(1, 7, 1000, { patientPays: 400, quantity: 2 }), item(2, 7, 500, { patientPays: 500 })])).toBe(1300);
    expect(cartPatientPays([item(1, 7, 1000, { patientPays: 400 }), item(2, 7)])).toBeNull();
  });
});
