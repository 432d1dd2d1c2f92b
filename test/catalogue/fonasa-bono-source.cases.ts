import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';

/**
 * Whether a branch takes the FONASA bono has one source of truth, its MLE level: FONASA in its insurer list and
 * the "Bono electrónico FONASA" payment follow it, whoever writes (the API, an import, a script straight on the
 * database), so the two can never disagree.
 */
describe('the FONASA bono: one source of truth', () => {
  let t: TestApp;
  let admin: string;
  let fonasa: number;
  let fonasaC: number;
  let banmedica: number;
  let bonoValue: number;
  let companyId: number;
  let comunaId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 12 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const insurer = (code: string) => t.prisma.insurer.findUniqueOrThrow({ where: { code } }).then((i) => i.id);
    [fonasa, fonasaC, banmedica] = await Promise.all([insurer('fonasa'), insurer('fonasa_c'), insurer('banmedica')]);
    bonoValue = (await t.prisma.selectListChild.findFirstOrThrow({ where: { code: 'BONO_ELECTRONICO' } })).id;
    const lab = await t.prisma.laboratory.findFirstOrThrow({ orderBy: { id: 'asc' } });
    companyId = lab.companyId;
    comunaId = lab.comunaId;
  }, 120_000);
  afterAll(() => t.close());

  /** Both facts of every branch: its level, and whether FONASA and the bono payment are among its insurers and payments. */
  async function disagreements(): Promise<string[]> {
    const labs = await t.prisma.laboratory.findMany({
      select: { id: true, fonasaLevel: true, insurers: { select: { insurer: { select: { code: true, type: true } } } }, attributes: { select: { selectListChildId: true } } },
    });
    return labs.flatMap((lab) => {
      const listed = lab.insurers.some((i) => i.insurer.code === 'fonasa');
      const anyPublic = lab.insurers.some((i) => i.insurer.type === 'public');
      const paid = lab.attributes.some((a) => a.selectListChildId === bonoValue);
      const level = lab.fonasaLevel !== null;
      return level === listed && level === paid && (level || !anyPublic) ? [] : [`#${lab.id}: level ${lab.fonasaLevel}, FONASA ${listed}, bono ${paid}`];
    });
  }

  const facts = (id: number) => t.prisma.laboratory.findUniqueOrThrow({
    where: { id },
    select: { fonasaLevel: true, insurers: { select: { insurerId: true } }, attributes: { select: { selectListChildId: true } } },
  }).then((lab) => ({ level: lab.fonasaLevel, insurers: lab.insurers.map((i) => i.insurerId).sort((a, b) => a - b), bono: lab.attributes.some((a) => a.selectListChildId === bonoValue) }));

  it('the demo data agrees with itself', async () => {
    expect(await disagreements()).toEqual([]);
  });

  it('through the API: a level brings FONASA and the bono; no level takes them away; FONASA without a level is refused', async () => {
    const api = (url: string, body: object) => t.http.post(url).set('Authorization', `Bearer ${admin}`).send(body).then((r) => r.body);
    const created = await api('/api/priv/laboratory', { companyId, identifierName: 'Sucursal Bono', addressLine1: 'Calle 1', comunaId, fonasaLevel: 2, insurerIds: [banmedica] });
    expect(created).toMatchObject({ code: 200, data: { fonasaLevel: 2 } });
    const id = created.data.id as number;
    expect(await facts(id)).toEqual({ level: 2, insurers: [fonasa, banmedica].sort((a, b) => a - b), bono: true });
    // The form's contradictory choice is refused in place, and changes nothing.
    const refused = await api(`/api/priv/laboratory/${id}`, { fonasaLevel: null, insurerIds: [fonasa, banmedica] });
    expect(refused).toMatchObject({ code: 400, errors: { fonasaLevel: ['Para atender con bono FONASA indica el nivel FONASA (MLE) de la sucursal.'] } });
    expect((await facts(id)).level).toBe(2);
    expect(await api(`/api/priv/laboratory/${id}`, { fonasaLevel: null, insurerIds: [banmedica] })).toMatchObject({ code: 200, data: { fonasaLevel: null } });
    expect(await facts(id)).toEqual({ level: null, insurers: [banmedica], bono: false });
    // The level alone brings FONASA back (the insurers sent without it are not a contradiction: it is derived).
    const back = await api(`/api/priv/laboratory/${id}`, { fonasaLevel: 1 });
    expect(back.data.insurers.map((i: { code: string }) => i.code).sort()).toEqual(['banmedica', 'fonasa']);
    // The bono payment cannot be set or removed by hand.
    const attribute = await t.prisma.laboratoryAttribute.findFirstOrThrow({ where: { laboratoryId: id, selectListChildId: bonoValue } });
    const removed = await t.http.delete(`/api/laboratory-attribute/${attribute.id}`).set('Authorization', `Bearer ${admin}`);
    expect(removed.body).toMatchObject({ code: 400, errors: { selectListChildId: ['El bono electrónico FONASA se indica con el nivel FONASA de la sucursal.'] } });
    expect(await disagreements()).toEqual([]);
  });

  it('straight on the database (an import, a script): whatever is written, at commit the two facts agree', async () => {
    const lab = await t.prisma.laboratory.create({ data: { companyId, identifierName: 'Sucursal Directa', addressLine1: 'Calle 2', comunaId, fonasaLevel: null } });
    // FONASA and a tramo listed without a level: no bono, so they go.
    await t.prisma.laboratoryInsurer.createMany({ data: [{ laboratoryId: lab.id, insurerId: fonasa }, { laboratoryId: lab.id, insurerId: fonasaC }, { laboratoryId: lab.id, insurerId: banmedica }] });
    expect(await facts(lab.id)).toEqual({ level: null, insurers: [banmedica], bono: false });
    // A level set alone: FONASA and the bono payment come with it; listing FONASA again is no error.
    await t.prisma.laboratory.update({ where: { id: lab.id }, data: { fonasaLevel: 3 } });
    await t.prisma.laboratoryInsurer.createMany({ data: [{ laboratoryId: lab.id, insurerId: fonasa }] });
    expect(await facts(lab.id)).toEqual({ level: 3, insurers: [fonasa, banmedica].sort((a, b) => a - b), bono: true });
    // FONASA removed from the list in a transaction that keeps the level: the level wins at commit.
    await t.prisma.$transaction(async (tx) => {
      await tx.laboratoryInsurer.deleteMany({ where: { laboratoryId: lab.id } });
      await tx.laboratoryInsurer.create({ data: { laboratoryId: lab.id, insurerId: banmedica } });
    });
    expect(await facts(lab.id)).toEqual({ level: 3, insurers: [fonasa, banmedica].sort((a, b) => a - b), bono: true });
    // The bono payment deleted by hand comes back; the level cleared takes everything FONASA away.
    await t.prisma.laboratoryAttribute.deleteMany({ where: { laboratoryId: lab.id, selectListChildId: bonoValue } });
    expect((await facts(lab.id)).bono).toBe(true);
    await t.prisma.laboratory.update({ where: { id: lab.id }, data: { fonasaLevel: null } });
    expect(await facts(lab.id)).toEqual({ level: null, insurers: [banmedica], bono: false });
    expect(await disagreements()).toEqual([]);
  });
});
