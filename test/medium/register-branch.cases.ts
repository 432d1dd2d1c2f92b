import { RegisterLaboratoryHandler } from '../../src/modules/catalogue/laboratories/commands/register-laboratory/register-laboratory.handler';
import { RegisterLaboratoryCommand } from '../../src/modules/catalogue/laboratories/commands/register-laboratory/register-laboratory.command';
import type { LaboratoryInput } from '../../src/modules/catalogue/laboratories/commands/laboratory-fields';
import type { Actor } from '../../src/platform/auth/actor';
import { UnitOfWork } from '../../src/platform/cqrs/unit-of-work';
import type { PrismaService } from '../../src/platform/database/prisma.service';
import { Outbox } from '../../src/platform/messaging/outbox';
import { startMedium, type MediumActors } from '../support/medium';

/**
 * What registering a branch refuses, and in whose company it lands (issue 10): the rules of the command handler on a
 * real database, through its real unit of work (the outbox and the audit in the same transaction). The HTTP case
 * (test/catalogue/laboratories.cases.ts) keeps the request's own validation and the route's hand-over.
 */
describe('registering a branch', () => {
  let prisma: PrismaService;
  let close: () => Promise<void>;
  let actors: MediumActors;
  let mine: number;
  let theirs: number;
  let comunaId: number;

  beforeAll(async () => {
    ({ prisma, actors, close } = await startMedium(16));
    [mine, theirs] = (await prisma.company.findMany({ where: { laboratories: { some: {} } }, orderBy: { id: 'asc' }, take: 2 })).map((c) => c.id);
    comunaId = (await prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } })).id;
  });
  afterAll(() => close());

  const register = (actor: Actor, input: Partial<LaboratoryInput>) =>
    new RegisterLaboratoryHandler(new UnitOfWork(prisma, new Outbox())).execute(new RegisterLaboratoryCommand({ actor, ip: '127.0.0.1' }, { identifierName: 'Sucursal media', addressLine1: 'Av. Media 1', comunaId, ...input } as LaboratoryInput));
  const written = () => Promise.all([prisma.laboratory.count(), prisma.outboxEvent.count(), prisma.auditLog.count()]);

  it('refuses, beside each field and writing nothing, another company, an unknown comuna and unknown insurers', async () => {
    const before = await written();
    await expect(register(actors.provider(mine), { companyId: theirs })).rejects.toMatchObject({ status: 400, errors: { companyId: ['La empresa indicada no existe.'] } });
    await expect(register(actors.provider(mine), { comunaId: 999_999, insurerIds: [999_999] })).rejects.toMatchObject({
      status: 400,
      errors: { comunaId: ['La comuna indicada no existe.'], insurerIds: ['Alguna de las previsiones no existe.'] },
    });
    await expect(register(actors.administrator(), {})).rejects.toMatchObject({ status: 400, errors: { companyId: ['Indica la empresa del laboratorio.'] } });
    expect(await written()).toEqual(before);
  });

  it('puts a provider’s branch in its own company and an administrator’s in the one it names, each with its event and audit row', async () => {
    const own = await register(actors.provider(mine), {});
    const named = await register(actors.administrator(), { companyId: theirs });
    expect([own.company.id, named.company.id]).toEqual([mine, theirs]);
    const events = await prisma.outboxEvent.findMany({ where: { type: 'LaboratoryRegistered', aggregateId: { in: [String(own.id), String(named.id)] } }, orderBy: { id: 'asc' } });
    expect(events.map((e) => e.payload)).toEqual([{ laboratoryId: own.id, companyId: mine }, { laboratoryId: named.id, companyId: theirs }]);
    const audits = await prisma.auditLog.findMany({ where: { entityType: 'Laboratory', entityId: { in: [String(own.id), String(named.id)] } }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.action)).toEqual(['laboratory.registered', 'laboratory.registered']);
  });
});
