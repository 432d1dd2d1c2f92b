import type { Actor } from '../../../../../platform/auth/actor';
import type { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { FakeUnitOfWork } from '../../../../../platform/cqrs/unit-of-work.fake';
import { FakeSalesOrderRepository, orderIn } from '../../domain/sales-order.fixtures';
import { RedeemSalesOrderCommand } from './redeem-sales-order.command';
import { RedeemSalesOrderHandler } from './redeem-sales-order.handler';

const actor = (profile: Actor['profile'], companyId: number | null, laboratoryIds?: number[]): { actor: Actor; ip: string } => ({
  actor: { userId: 7, personId: 7, sessionId: 's', email: 'x@example.cl', profile, companyId, laboratoryIds },
  ip: '127.0.0.1',
});
const DAY = 86_400_000;

describe(RedeemSalesOrderHandler.name, () => {
  let orders: FakeSalesOrderRepository;
  let uow: FakeUnitOfWork;
  let handler: RedeemSalesOrderHandler;

  beforeEach(() => {
    // Order 41 of laboratory 10 (company 1), paid and valid for a day more; order 42 paid and past its validity.
    orders = new FakeSalesOrderRepository(orderIn('PAID', { validUntil: new Date(Date.now() + DAY) }), orderIn('PAID', { id: 42, validUntil: new Date(Date.now() - 1) }));
    uow = new FakeUnitOfWork();
    handler = new RedeemSalesOrderHandler(uow as unknown as UnitOfWork, orders);
  });

  it('redeems a valid voucher of the provider’s own laboratory once, with its event and audit row', async () => {
    const provider = actor('PRV', 1);
    await expect(handler.execute(new RedeemSalesOrderCommand(provider, 41))).resolves.toEqual({ id: 41, status: 'REDEEMED' });
    expect(orders.rows.get(41)).toMatchObject({ status: 'REDEEMED', redeemedAt: expect.any(Date) });
    expect(uow.committed[0].events.map((e) => e.type)).toEqual(['SalesOrderRedeemed']);
    expect(uow.committed[0].audits).toEqual([{ action: 'sales_order.redeemed', entityType: 'SalesOrder', entityId: 41, details: undefined }]);
    await expect(handler.execute(new RedeemSalesOrderCommand(provider, 41))).rejects.toMatchObject({ error: 'SALES_ORDER.INVALID_TRANSITION', message: 'Este voucher ya fue canjeado.' });
  });

  it('refuses a voucher past its validity, and changes nothing', async () => {
    await expect(handler.execute(new RedeemSalesOrderCommand(actor('ADM', null), 42))).rejects.toMatchObject({ message: 'Este voucher está vencido: no se puede canjear.' });
    expect(orders.rows.get(42)?.status).toBe('PAID');
  });

  it('answers another company’s voucher, or one of a branch the provider is not granted, like a missing one', async () => {
    for (const stranger of [actor('PRV', 2), actor('PRV', 1, [11])]) {
      await expect(handler.execute(new RedeemSalesOrderCommand(stranger, 41))).rejects.toMatchObject({ status: 404, error: 'SALES_ORDER.NOT_FOUND' });
    }
    await expect(handler.execute(new RedeemSalesOrderCommand(actor('ADM', null), 999))).rejects.toMatchObject({ status: 404 });
    expect(orders.rows.get(41)?.status).toBe('PAID');
  });
});
