import type { Actor } from '../../../../../platform/auth/actor';
import type { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { FakeUnitOfWork } from '../../../../../platform/cqrs/unit-of-work.fake';
import type { Transaction } from '../../../../../platform/cqrs/transaction';
import { LaboratoryExam } from '../../domain/laboratory-exam';
import type { LaboratoryExamRepository } from '../../infrastructure/laboratory-exam.repository';
import type { LaboratoryExamView, LaboratoryExamViews } from '../../queries/laboratory-exam-view';
import { AuthorizeLaboratoryExamHandler } from '../authorize-laboratory-exam/authorize-laboratory-exam.handler';
import { AuthorizeLaboratoryExamCommand } from '../authorize-laboratory-exam/authorize-laboratory-exam.command';
import { DecideLaboratoryExamsCommand } from '../decide-laboratory-exams/decide-laboratory-exams.command';
import { DecideLaboratoryExamsHandler } from '../decide-laboratory-exams/decide-laboratory-exams.handler';
import { LaboratoryExamChanges } from '../laboratory-exam-changes';
import { RejectLaboratoryExamCommand } from '../reject-laboratory-exam/reject-laboratory-exam.command';
import { RejectLaboratoryExamHandler } from '../reject-laboratory-exam/reject-laboratory-exam.handler';
import { SetLaboratoryExamPriceCommand } from '../set-laboratory-exam-price/set-laboratory-exam-price.command';
import { SetLaboratoryExamPriceHandler } from '../set-laboratory-exam-price/set-laboratory-exam-price.handler';
import { WithdrawLaboratoryExamCommand } from '../withdraw-laboratory-exam/withdraw-laboratory-exam.command';
import { WithdrawLaboratoryExamHandler } from '../withdraw-laboratory-exam/withdraw-laboratory-exam.handler';
import { OfferLaboratoryExamCommand } from './offer-laboratory-exam.command';
import { OfferLaboratoryExamHandler } from './offer-laboratory-exam.handler';

const LAB_OF_COMPANY_1 = 10;
const LAB_OF_COMPANY_2 = 20;
const HEMOGRAMA = 100;

/** Offers kept in memory, as the Prisma adapter keeps them in PostgreSQL. */
class FakeLaboratoryExamRepository implements LaboratoryExamRepository {
  readonly rows = new Map<number, LaboratoryExam>();
  readonly history: { laboratoryExamId: number; oldPrice: number | null; newPrice: number }[] = [];
  private nextId = 1;

  async findById(_tx: Transaction, id: number) {
    const row = this.rows.get(id);
    return row ? LaboratoryExam.restore(row.state) : null;
  }

  async findByPair(_tx: Transaction, laboratoryId: number, examId: number) {
    const row = [...this.rows.values()].find((r) => r.state.laboratoryId === laboratoryId && r.state.examId === examId);
    return row ? LaboratoryExam.restore(row.state) : null;
  }

  async save(_tx: Transaction, offer: LaboratoryExam) {
    const id = offer.state.id ?? this.nextId++;
    this.rows.set(id, LaboratoryExam.restore({ ...offer.state, id }));
    this.history.push(...offer.priceChanges.map((c) => ({ laboratoryExamId: id, oldPrice: c.oldPrice, newPrice: c.newPrice })));
    return id;
  }

  async companyOfLaboratory(_tx: Transaction, laboratoryId: number) {
    return { [LAB_OF_COMPANY_1]: 1, [LAB_OF_COMPANY_2]: 2 }[laboratoryId];
  }

  async isActiveExam(_tx: Transaction, examId: number) {
    return examId === HEMOGRAMA;
  }

  async activePricesOf(_tx: Transaction, laboratoryId: number) {
    return [...this.rows.values()].map((row) => row.state).filter((row) => row.laboratoryId === laboratoryId && row.isActive && row.status !== 'REJECTED').map(({ examId, price }) => ({ examId, price }));
  }
}

const actor = (profile: Actor['profile'], companyId: number | null, personId: number): Actor => ({ userId: personId, personId, sessionId: 's', email: 'x@example.cl', profile, companyId });
const provider = { actor: actor('PRV', 1, 7), ip: '127.0.0.1' };
const otherProvider = { actor: actor('PRV', 2, 8), ip: '127.0.0.1' };
const admin = { actor: actor('ADM', null, 1), ip: '127.0.0.1' };

describe(OfferLaboratoryExamHandler.name, () => {
  let repository: FakeLaboratoryExamRepository;
  let uow: FakeUnitOfWork;
  let sut: OfferLaboratoryExamHandler;
  let reprice: SetLaboratoryExamPriceHandler;
  let authorize: AuthorizeLaboratoryExamHandler;
  let withdraw: WithdrawLaboratoryExamHandler;
  let reject: RejectLaboratoryExamHandler;
  let decide: DecideLaboratoryExamsHandler;

  beforeEach(() => {
    repository = new FakeLaboratoryExamRepository();
    uow = new FakeUnitOfWork();
    const views = { get: async (id: number) => ({ id, ...repository.rows.get(id)!.state }) as unknown as LaboratoryExamView } as LaboratoryExamViews;
    const changes = new LaboratoryExamChanges(uow as unknown as UnitOfWork, repository);
    sut = new OfferLaboratoryExamHandler(uow as unknown as UnitOfWork, repository, changes, views);
    reprice = new SetLaboratoryExamPriceHandler(changes, views);
    authorize = new AuthorizeLaboratoryExamHandler(changes, views);
    withdraw = new WithdrawLaboratoryExamHandler(changes, views);
    reject = new RejectLaboratoryExamHandler(changes, views);
    decide = new DecideLaboratoryExamsHandler(uow as unknown as UnitOfWork, repository);
  });

  const eventTypes = () => uow.committed.flatMap((c) => c.events.map((e) => e.type));

  it("keeps a provider's new price out of quotes until an administrator authorizes it", async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 5990));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ price: 5990, status: 'PENDING', isActive: true });

    await authorize.execute(new AuthorizeLaboratoryExamCommand(admin, offered.id));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ status: 'AUTHORIZED', authorizedById: admin.actor.personId });
    expect(eventTypes()).toEqual(['LaboratoryExamOffered', 'LaboratoryExamAuthorized', 'PriceDecisionsMade']);
  });

  it("authorizes an administrator's own offer at once", async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(admin, LAB_OF_COMPANY_2, HEMOGRAMA, 4500));
    expect(repository.rows.get(offered.id)!.state.status).toBe('AUTHORIZED');
  });

  it('refuses a provider authorizing its own price', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 5990));
    await expect(authorize.execute(new AuthorizeLaboratoryExamCommand(provider, offered.id))).rejects.toMatchObject({ status: 403 });
    expect(repository.rows.get(offered.id)!.state.status).toBe('PENDING');
  });

  it("refuses a provider pricing another company's laboratory, and writes nothing", async () => {
    await expect(sut.execute(new OfferLaboratoryExamCommand(otherProvider, LAB_OF_COMPANY_1, HEMOGRAMA, 1))).rejects.toMatchObject({ status: 404, error: 'LABORATORY.NOT_FOUND' });
    expect(repository.rows.size).toBe(0);
  });

  it('refuses a retired or unknown exam with a message on the field', async () => {
    await expect(sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, 999, 1000))).rejects.toMatchObject({ status: 400, errors: { examId: ['El examen indicado no existe.'] } });
  });

  it('keeps an authorized price authorized when repriced, and records every change in the history', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(admin, LAB_OF_COMPANY_1, HEMOGRAMA, 5000));
    await reprice.execute(new SetLaboratoryExamPriceCommand(provider, offered.id, 5500));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ price: 5500, status: 'AUTHORIZED' });
    expect(repository.history).toEqual([
      { laboratoryExamId: offered.id, oldPrice: null, newPrice: 5000 },
      { laboratoryExamId: offered.id, oldPrice: 5000, newPrice: 5500 },
    ]);
    const changed = uow.committed.flatMap((c) => c.events).find((e) => e.type === 'LaboratoryExamPriceChanged');
    expect(changed?.payload).toEqual({ laboratoryExamId: offered.id, laboratoryId: LAB_OF_COMPANY_1, examId: HEMOGRAMA, by: provider.actor.personId, previousPrice: 5000, price: 5500 });
  });

  it('records nothing when the price does not change', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(admin, LAB_OF_COMPANY_1, HEMOGRAMA, 5000));
    await reprice.execute(new SetLaboratoryExamPriceCommand(admin, offered.id, 5000));
    expect(repository.history).toHaveLength(1);
    expect(uow.committed[1].events).toEqual([]);
    expect(uow.committed[1].audits).toEqual([]);
  });

  it('offers a withdrawn exam again when the laboratory sets its price anew', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(admin, LAB_OF_COMPANY_1, HEMOGRAMA, 5000));
    await withdraw.execute(new WithdrawLaboratoryExamCommand(provider, offered.id));
    expect(repository.rows.get(offered.id)!.state.isActive).toBe(false);

    await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 5200));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ isActive: true, price: 5200, status: 'AUTHORIZED' });
    expect(eventTypes()).toEqual(['LaboratoryExamOffered', 'LaboratoryExamWithdrawn', 'LaboratoryExamRestored', 'LaboratoryExamPriceChanged']);
  });

  it('keeps the reason of a rejection until the price goes back to review or is authorized', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 59900));
    await reject.execute(new RejectLaboratoryExamCommand(admin, offered.id, 'Diez veces el arancel FONASA'));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ status: 'REJECTED', rejectionReason: 'Diez veces el arancel FONASA' });
    const rejected = uow.committed.flatMap((c) => c.events).find((e) => e.type === 'LaboratoryExamRejected');
    expect(rejected).toMatchObject({ version: 2, payload: { laboratoryExamId: offered.id, by: admin.actor.personId, reason: 'Diez veces el arancel FONASA' } });
    expect(uow.committed.at(-1)!.audits).toEqual([{ action: 'laboratory_exam.rejected', entityType: 'LaboratoryExam', entityId: offered.id, details: { reason: 'Diez veces el arancel FONASA' } }]);

    await reprice.execute(new SetLaboratoryExamPriceCommand(provider, offered.id, 5990));
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ status: 'PENDING', rejectionReason: null });
  });

  it('refuses a provider rejecting a price', async () => {
    const offered = await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 5990));
    await expect(reject.execute(new RejectLaboratoryExamCommand(provider, offered.id, 'No me gusta'))).rejects.toMatchObject({ status: 403 });
    expect(repository.rows.get(offered.id)!.state).toMatchObject({ status: 'PENDING', rejectionReason: null });
  });

  it('decides many offers at once, and none when one id is unknown', async () => {
    const first = await sut.execute(new OfferLaboratoryExamCommand(provider, LAB_OF_COMPANY_1, HEMOGRAMA, 5990));
    const second = await sut.execute(new OfferLaboratoryExamCommand(admin, LAB_OF_COMPANY_2, HEMOGRAMA, 4990));

    await expect(decide.execute(new DecideLaboratoryExamsCommand(admin, { ids: [first.id, 404, 405] }, { status: 'REJECTED', reason: 'Precio fuera de rango' }))).rejects.toMatchObject({ status: 404, message: expect.stringContaining('404, 405') });
    expect(repository.rows.get(first.id)!.state.status).toBe('PENDING');

    await expect(decide.execute(new DecideLaboratoryExamsCommand(admin, { ids: [first.id, second.id] }, { status: 'AUTHORIZED' }))).resolves.toEqual({ requested: 2, changed: 1, unchanged: 1 });
    expect(repository.rows.get(first.id)!.state).toMatchObject({ status: 'AUTHORIZED', authorizedById: admin.actor.personId });
    expect(uow.committed.at(-1)!.events.map((e) => e.type)).toEqual(['LaboratoryExamAuthorized', 'PriceDecisionsMade']);
    await expect(decide.execute(new DecideLaboratoryExamsCommand(provider, { ids: [first.id] }, { status: 'AUTHORIZED' }))).rejects.toMatchObject({ status: 403 });
  });
});
