import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { projectionSettled } from '../support/wait';
import { bearer, catalogueEvents, csv, finished, upload } from './import-helpers';

const ROUTE = '/api/laboratory-import';
const HEADER = ['Código sucursal', 'Nombre', 'Dirección', 'Comuna', 'Teléfono', 'Horario', 'Nivel FONASA', 'Previsiones'];

describe('importing branches (POST /api/laboratory-import)', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    companyId = (await t.http.post('/api/company').set(bearer(admin)).send({ rut: '76.086.428-5', legalName: 'Sucursales SpA', tradeName: 'Sucursales' })).body.data.id;
    provider = (await createProvider(t, admin, companyId, 'prv@sucursales.cl', 'clave-sucursales-1')).token;
  }, 120_000);
  afterAll(() => t.close());

  const branches = () =>
    csv(
      [
        HEADER,
        ['SUC-01', 'Laboratorio Ñuñoa', 'Irarrázaval 1234', 'Ñuñoa', '+56 2 2345 6789', 'lu-vi 08:00-18:00; sa 09:00-13:00', '2', 'FONASA|Banmédica'],
        ['SUC-02', 'Laboratorio Maipú', 'Pajaritos 200', '13119', '', '', '', ''],
        ['SUC-03', 'Laboratorio Fantasma', 'Calle 1', 'Gótica', '', '', '', ''],
        ['SUC-04', 'Laboratorio Mal Horario', 'Calle 2', 'Santiago', '12', 'todos los días', '5', 'Isapre Inventada'],
      ],
      'utf-8',
      ',',
    );

  it('creates each branch with its code, and updates the same branch on the next import', async () => {
    const answer = await upload(t, provider, ROUTE, branches(), 'sucursales.csv', { confirm: true });
    expect(answer.data.import.summary).toEqual({ rows: 4, toCreate: 2, toUpdate: 0, unchanged: 0, withErrors: 2, largePriceChanges: 0, flagged: 0 });
    const errors = answer.data.preview.flatMap((r) => r.errors.map((e) => [e.row, e.column, e.code]));
    expect(errors).toEqual([
      [4, 'comuna', 'UNKNOWN_COMUNA'],
      [5, 'telefono', 'INVALID_VALUE'],
      [5, 'horario', 'INVALID_VALUE'],
      [5, 'nivel_fonasa', 'INVALID_VALUE'],
      [5, 'previsiones', 'UNKNOWN_INSURER'],
    ]);
    expect(await finished(t, provider, answer.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { created: 2, updated: 0, unchanged: 0, failed: 2 } });
    const stored = await t.prisma.laboratory.findMany({ where: { companyId }, orderBy: { branchCode: 'asc' }, include: { comuna: true, insurers: { include: { insurer: true } } } });
    expect(stored.map((l) => [l.branchCode, l.identifierName, l.comuna.name, l.phone, l.fonasaLevel])).toEqual([
      ['SUC-01', 'Laboratorio Ñuñoa', 'Ñuñoa', '+56 2 2345 6789', 2],
      ['SUC-02', 'Laboratorio Maipú', 'Maipú', null, null],
    ]);
    expect(stored[0].openingHours).toEqual([1, 2, 3, 4, 5].map((day) => ({ day, opens: '08:00', closes: '18:00' })).concat([{ day: 6, opens: '09:00', closes: '13:00' }]));
    expect(stored[0].insurers.map((i) => i.insurer.code).sort()).toEqual(['banmedica', 'fonasa']);
    expect((await t.prisma.outboxEvent.findMany({ where: { type: 'LaboratoryRegistered' } })).length).toBe(2);
    await projectionSettled(t.prisma);
    expect(await t.prisma.searchLaboratory.count({ where: { laboratoryId: { in: stored.map((l) => l.id) } } })).toBe(2);

    const events = await catalogueEvents(t);
    const again = await upload(t, provider, ROUTE, branches(), 'sucursales.csv', { confirm: true });
    expect(again.data.import.summary).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: 2 });
    await finished(t, provider, again.data.import.id);
    expect(await catalogueEvents(t)).toBe(events);

    const moved = csv([['codigo_sucursal', 'nombre', 'direccion', 'comuna'], ['suc-02', 'Laboratorio Maipú', 'Pajaritos 4500', 'Maipu']], 'utf-8');
    const update = await upload(t, provider, ROUTE, moved, 'traslado.csv', { confirm: true });
    expect(update.data.import.summary).toMatchObject({ rows: 1, toUpdate: 1 });
    await finished(t, provider, update.data.import.id);
    expect(await t.prisma.laboratory.findFirst({ where: { companyId, branchCode: 'SUC-02' } })).toMatchObject({ addressLine1: 'Pajaritos 4500', phone: null });
    const updated = await t.prisma.outboxEvent.findFirstOrThrow({ where: { type: 'LaboratoryUpdated' }, orderBy: { id: 'desc' } });
    // Columns the file leaves out keep what the branch had (its insurers and hours here).
    expect(updated.payload).toMatchObject({ fields: ['addressLine1'] });
    expect(await t.prisma.laboratory.count({ where: { companyId } })).toBe(2);
  });

  it('states the fees a branch charges apart, refuses absurd ones per cell, and keeps the kinds whose column is absent', async () => {
    const header = ['codigo_sucursal', 'nombre', 'direccion', 'comuna', 'toma_venosa', 'recargo_fuera_horario'];
    const file = csv([
      header,
      ['SUC-20', 'Con Cobros', 'Calle 20', 'Santiago', '$2.500', '3000 18:00-21:00'],
      ['SUC-21', 'Cobro Absurdo', 'Calle 21', 'Santiago', '250000', 'de noche'],
      ['SUC-22', 'Cobro Negativo', 'Calle 22', 'Santiago', '-1', ''],
    ], 'utf-8');
    const answer = await upload(t, provider, ROUTE, file, 'cobros.csv', { confirm: true });
    expect(answer.data.preview.flatMap((r) => r.errors.map((e) => [e.row, e.column, e.code]))).toEqual([
      [3, 'toma_venosa', 'INVALID_VALUE'],
      [3, 'recargo_fuera_horario', 'INVALID_VALUE'],
      [4, 'toma_venosa', 'INVALID_VALUE'],
    ]);
    await finished(t, provider, answer.data.import.id);
    const branch = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId, branchCode: 'SUC-20' }, include: { fees: { orderBy: { kind: 'asc' } } } });
    expect(branch.fees.map((f) => [f.kind, f.amount, f.startsAt, f.endsAt])).toEqual([['VENOUS', 2500, null, null], ['AFTER_HOURS', 3000, '18:00', '21:00']]);

    // A file with the pediatric column only: that kind changes, the venous fee and the surcharge stay.
    const pediatric = csv([['codigo_sucursal', 'nombre', 'direccion', 'comuna', 'toma_pediatrica'], ['SUC-20', 'Con Cobros', 'Calle 20', 'Santiago', '3500']], 'utf-8');
    const update = await upload(t, provider, ROUTE, pediatric, 'pediatrica.csv', { confirm: true });
    expect(update.data.import.summary).toMatchObject({ toUpdate: 1 });
    await finished(t, provider, update.data.import.id);
    expect((await t.prisma.laboratoryFee.findMany({ where: { laboratoryId: branch.id }, orderBy: { kind: 'asc' } })).map((f) => [f.kind, f.amount])).toEqual([['VENOUS', 2500], ['PEDIATRIC', 3500], ['AFTER_HOURS', 3000]]);
    // The same file again changes nothing.
    expect((await upload(t, provider, ROUTE, pediatric, 'pediatrica.csv')).data.import.summary).toMatchObject({ unchanged: 1, toUpdate: 0 });
  });

  it('refuses FONASA for a branch without its MLE level in the dry run, as the branch form does, and stores nothing of it', async () => {
    const file = csv(
      [
        ['codigo_sucursal', 'nombre', 'direccion', 'comuna', 'nivel_fonasa', 'previsiones'],
        ['SUC-30', 'Sin nivel', 'Calle 30', 'Santiago', '', 'FONASA|Banmédica'],
        ['SUC-31', 'Con nivel', 'Calle 31', 'Santiago', '1', 'FONASA'],
        // The stored level counts when the row does not state one: SUC-01 is at level 2 since the first import.
        ['SUC-01', 'Laboratorio Ñuñoa', 'Irarrázaval 1234', 'Ñuñoa', '2', 'FONASA'],
      ],
      'utf-8',
    );
    const answer = await upload(t, provider, ROUTE, file, 'fonasa.csv', { confirm: true });
    expect(answer.data.preview.map((r) => [r.row, r.status, r.errors.map((e) => [e.column, e.code, e.message])])).toEqual([
      [2, 'ERROR', [['nivel_fonasa', 'FONASA_WITHOUT_LEVEL', 'Para atender con bono FONASA indica el nivel FONASA (MLE) de la sucursal.']]],
      [3, 'CREATE', []],
      [4, 'UPDATE', []],
    ]);
    expect(await finished(t, provider, answer.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { created: 1, updated: 1, failed: 1 } });
    expect(await t.prisma.laboratory.findFirst({ where: { companyId, branchCode: 'SUC-30' } })).toBeNull();
    const levelOne = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId, branchCode: 'SUC-31' }, include: { insurers: { include: { insurer: true } } } });
    expect([levelOne.fonasaLevel, levelOne.insurers.map((i) => i.insurer.code)]).toEqual([1, ['fonasa']]);
  });

  it('refuses a branch code twice in one file', async () => {
    const file = csv([['codigo_sucursal', 'nombre', 'direccion', 'comuna'], ['SUC-09', 'Uno', 'Calle 1', 'Santiago'], ['suc-09', 'Dos', 'Calle 2', 'Santiago']], 'utf-8');
    const answer = await upload(t, provider, ROUTE, file, 'repetido.csv');
    expect(answer.data.preview[1].errors).toMatchObject([{ code: 'DUPLICATE_ROW', message: expect.stringContaining('fila 2') }]);
  });
});
