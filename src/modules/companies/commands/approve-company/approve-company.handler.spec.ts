import type { Company } from '../../../../contracts/companies';
import type { Actor } from '../../../../platform/auth/actor';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import { Changes, UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../platform/http/envelope';
import { CompanyAlreadyDecidedError, CompanyNotFoundError } from '../../companies.errors';
import { CompanyViews } from '../../company-view';
import type { CompanyApprovalState } from '../../domain/company-approval';
import type { CompanyRepository } from '../../infrastructure/company.repository';
import { RejectCompanyCommand } from '../reject-company/reject-company.command';
import { RejectCompanyHandler } from '../reject-company/reject-company.handler';
import { ApproveCompanyCommand } from './approve-company.command';
import { ApproveCompanyHandler } from './approve-company.handler';

const PENDING = 1;
const APPROVED = 2;
const REJECTED = 3;
const MISSING = 99;
const LAST_YEAR = new Date('2025-03-01T12:00:00Z');

/** Companies kept in memory, as the Prisma adapter keeps them in PostgreSQL. */
class FakeCompanyRepository implements CompanyRepository {
  readonly rows = new Map<number, CompanyApprovalState>([
    [PENDING, { id: PENDING, status: 'PENDING', approvedAt: null, decisionReason: null }],
    [APPROVED, { id: APPROVED, status: 'APPROVED', approvedAt: LAST_YEAR, decisionReason: null }],
    [REJECTED, { id: REJECTED, status: 'REJECTED', approvedAt: null, decisionReason: 'El RUT no corresponde a la razón social.' }],
  ]);

  async findForDecision(_tx: Tx, companyId: number) {
    const row = this.rows.get(companyId);
    return row ? { ...row } : null;
  }

  async saveDecision(_tx: Tx, company: CompanyApprovalState) {
    this.rows.set(company.id, { ...company });
  }
}

/** Runs the work at once and keeps what it recorded only when it succeeds, as a commit would. */
class FakeUnitOfWork extends UnitOfWork {
  readonly committed: Changes[] = [];

  constructor() {
    super(null!, null!);
  }

  override async run<T>(_ctx: CommandContext | null, work: (tx: Tx, changes: Changes) => Promise<T>): Promise<T> {
    const changes = new Changes();
    const result = await work({} as Tx, changes);
    this.committed.push(changes);
    return result;
  }

  get events() {
    return this.committed.flatMap((c) => c.events);
  }

  get audits() {
    return this.committed.flatMap((c) => c.audits);
  }
}

/** Answers what the route shows from the fake repository's rows. */
class FakeCompanyViews extends CompanyViews {
  constructor(private readonly repository: FakeCompanyRepository) {
    super(null!);
  }

  override async get(companyId: number): Promise<ServerSide<Company>> {
    const row = this.repository.rows.get(companyId);
    if (!row) throw new CompanyNotFoundError();
    return { ...row, rut: '76086428-5', legalName: 'Laboratorio Norte SpA', tradeName: 'LabNorte', email: null, phone: null, website: null, addressLine: null, createdAt: LAST_YEAR, updatedAt: LAST_YEAR, comuna: null, laboratoryCount: 0 };
  }
}

const admin: CommandContext = { actor: { userId: 1, personId: 1, sessionId: 's', email: 'admin@cotizalab.test', profile: 'ADM', companyId: null } satisfies Actor, ip: '127.0.0.1' };

describe(ApproveCompanyHandler.name, () => {
  let repository: FakeCompanyRepository;
  let uow: FakeUnitOfWork;
  let sut: ApproveCompanyHandler;

  beforeEach(() => {
    repository = new FakeCompanyRepository();
    uow = new FakeUnitOfWork();
    sut = new ApproveCompanyHandler(uow, repository, new FakeCompanyViews(repository));
  });

  it('approves a company waiting for a decision, tells its providers and audits who did it', async () => {
    const before = Date.now();
    const answer = await sut.execute(new ApproveCompanyCommand(admin, PENDING));

    expect(answer).toMatchObject({ id: PENDING, status: 'APPROVED' });
    const saved = repository.rows.get(PENDING)!;
    expect(saved.status).toBe('APPROVED');
    expect(saved.approvedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(uow.events).toEqual([expect.objectContaining({ type: 'CompanyApproved', aggregateType: 'Company', aggregateId: PENDING, payload: { companyId: PENDING } })]);
    expect(uow.audits).toEqual([expect.objectContaining({ action: 'company.approved', entityType: 'Company', entityId: PENDING })]);
  });

  it('approves a company that was rejected before (an administrator may reconsider)', async () => {
    await sut.execute(new ApproveCompanyCommand(admin, REJECTED));

    expect(repository.rows.get(REJECTED)).toMatchObject({ status: 'APPROVED', approvedAt: expect.any(Date), decisionReason: null });
    expect(uow.events.map((e) => e.type)).toEqual(['CompanyApproved']);
  });

  it('refuses to approve an approved company again: no second mail, and its approval date stays', async () => {
    const refused = sut.execute(new ApproveCompanyCommand(admin, APPROVED));

    await expect(refused).rejects.toBeInstanceOf(CompanyAlreadyDecidedError);
    await expect(refused).rejects.toMatchObject({ status: 409, error: 'COMPANY.ALREADY_DECIDED', message: 'La empresa ya está aprobada.' });
    expect(repository.rows.get(APPROVED)).toEqual({ id: APPROVED, status: 'APPROVED', approvedAt: LAST_YEAR, decisionReason: null });
    expect(uow.events).toEqual([]);
    expect(uow.audits).toEqual([]);
  });

  it('answers 404 for a company that does not exist, and records nothing', async () => {
    await expect(sut.execute(new ApproveCompanyCommand(admin, MISSING))).rejects.toMatchObject({ status: 404, error: 'COMPANY.NOT_FOUND' });
    expect(uow.committed).toEqual([]);
  });
});

describe(RejectCompanyHandler.name, () => {
  let repository: FakeCompanyRepository;
  let uow: FakeUnitOfWork;
  let sut: RejectCompanyHandler;

  beforeEach(() => {
    repository = new FakeCompanyRepository();
    uow = new FakeUnitOfWork();
    sut = new RejectCompanyHandler(uow, repository, new FakeCompanyViews(repository));
  });

  it('rejects a company waiting for a decision, keeps the reason and tells its providers why', async () => {
    const answer = await sut.execute(new RejectCompanyCommand(admin, PENDING, 'Falta la resolución sanitaria.'));

    expect(answer).toMatchObject({ id: PENDING, status: 'REJECTED', approvedAt: null, decisionReason: 'Falta la resolución sanitaria.' });
    expect(uow.events).toEqual([expect.objectContaining({ type: 'CompanyRejected', version: 2, payload: { companyId: PENDING, reason: 'Falta la resolución sanitaria.' } })]);
    expect(uow.audits).toEqual([expect.objectContaining({ action: 'company.rejected', entityId: PENDING, details: { reason: 'Falta la resolución sanitaria.' } })]);
  });

  it('withdraws the approval of an approved company: it leaves quotes and loses its approval date', async () => {
    await sut.execute(new RejectCompanyCommand(admin, APPROVED, 'Dejó de operar en Chile.'));

    expect(repository.rows.get(APPROVED)).toEqual({ id: APPROVED, status: 'REJECTED', approvedAt: null, decisionReason: 'Dejó de operar en Chile.' });
    expect(uow.events.map((e) => e.type)).toEqual(['CompanyRejected']);
  });

  it('refuses to reject a rejected company again', async () => {
    await expect(sut.execute(new RejectCompanyCommand(admin, REJECTED, 'Otra vez.'))).rejects.toMatchObject({ status: 409, error: 'COMPANY.ALREADY_DECIDED', message: 'La empresa ya está rechazada.' });
    expect(uow.committed).toEqual([]);
  });
});
