import { SearchHistoryWriter, type SearchHistoryJob, type ShownLaboratory } from '../../src/modules/reports/jobs/search-history.writer';
import { reportDay } from '../../src/modules/reports/domain/routes';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { POSITIONS_COUNTED } from '../../src/contracts/reports';

/**
 * The worker writes the searches of a batch together (issue 14): each one must still come out as if it had
 * been written alone, in the batch's order — its references checked, what it showed, its outcome, and a
 * session counted once per exam however its searches fall into batches.
 */
describe('search history writer', () => {
  let t: TestApp;
  let writer: SearchHistoryWriter;
  let lab: { id: number; comunaId: number; regionId: number; examId: number };
  let unofferedExam: number;
  let insurerId: number;
  const SESSION = 1763900101;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 3 });
    writer = t.app.get(SearchHistoryWriter);
    [lab] = await t.prisma.$queryRaw<typeof lab[]>`
      SELECT l.id, l.comuna_id AS "comunaId", c.parent_id AS "regionId", le.exam_id AS "examId"
      FROM laboratory l JOIN location c ON c.id = l.comuna_id
      JOIN laboratory_exam le ON le.laboratory_id = l.id AND le.status = 'AUTHORIZED' AND le.is_active
      ORDER BY l.id, le.exam_id LIMIT 1`;
    [{ id: unofferedExam }] = await t.prisma.$queryRaw<{ id: number }[]>`
      SELECT e.id FROM exam e WHERE NOT EXISTS (SELECT 1 FROM laboratory_exam le WHERE le.exam_id = e.id AND le.laboratory_id = ${lab.id}) ORDER BY e.id LIMIT 1`;
    ({ id: insurerId } = await t.prisma.insurer.findFirstOrThrow({ select: { id: true } }));
  }, 120_000);

  afterAll(() => t?.close());

  const search = (over: Partial<SearchHistoryJob> & { key: string }): SearchHistoryJob => ({
    filters: { exams: [lab.examId], location: lab.comunaId },
    resultCount: 1, tookMs: 7, session: SESSION, personId: null,
    laboratories: [{ laboratoryId: lab.id, position: 1, total: 5000 }],
    ...over,
  });
  const sessionsOf = async (examId: number) =>
    (await t.prisma.$queryRaw<{ sessions: number }[]>`
      SELECT sessions FROM report_exam_daily WHERE day = ${reportDay(new Date())}::date AND comuna_id = ${lab.comunaId} AND exam_id = ${examId}`)[0]?.sessions ?? 0;

  it('writes each search of a batch as it would alone: references, results, outcome, sessions counted once', async () => {
    await writer.write({ id: 'first', name: 'searches', attempt: 1, data: { searches: [
      // Asks for an exam the laboratory shown does not offer, without saying so: the writer finds out.
      search({ key: 'a', filters: { exams: [lab.examId, unofferedExam], location: lab.comunaId, pensionHealtInstitutionId: insurerId, nearLocations: true } }),
      // The same session again, in the same batch: its exam is not a new session's.
      search({ key: 'b', laboratories: [{ laboratoryId: lab.id, position: 1, total: 5000, offersAll: true }, { laboratoryId: 2_000_000, position: 2, total: 1 }] }),
      // A region instead of a comuna, an insurer and a person that do not exist, no session, nothing found.
      search({ key: 'c', filters: { exams: [lab.examId], locationFk: lab.regionId, pensionHealtInstitutionId: 999_999 }, personId: 999_999, session: null, resultCount: 0, laboratories: [] }),
    ] } });
    // A later batch of the same session: still the same session.
    await writer.write({ id: 'second', name: 'searches', attempt: 1, data: { searches: [search({ key: 'd', filters: { exams: [lab.examId], location: lab.comunaId } })] } });

    const rows = await t.prisma.searchHistory.findMany({ where: { jobId: { in: ['a', 'b', 'c', 'd'] } }, orderBy: { jobId: 'asc' } });
    const shape = rows.map((r) => ({
      key: r.jobId, comunaId: r.comunaId, regionId: r.regionId, insurerId: r.insurerId, personId: r.personId, examIds: r.examIds, outcome: r.outcome, withNear: r.withNear,
      session: r.session === null ? null : Number(r.session), results: (r.shown as unknown as ShownLaboratory[]).map((l) => [l.laboratoryId, l.position, l.total, l.offersAll]),
    }));
    expect(shape).toEqual([
      { key: 'a', comunaId: lab.comunaId, regionId: lab.regionId, insurerId, personId: null, examIds: [lab.examId, unofferedExam], outcome: 'INCOMPLETE', withNear: true, session: SESSION, results: [[lab.id, 1, 5000, false]] },
      { key: 'b', comunaId: lab.comunaId, regionId: lab.regionId, insurerId: null, personId: null, examIds: [lab.examId], outcome: 'COMPLETE', withNear: false, session: SESSION, results: [[lab.id, 1, 5000, true]] },
      { key: 'c', comunaId: null, regionId: lab.regionId, insurerId: null, personId: null, examIds: [lab.examId], outcome: 'NONE', withNear: false, session: null, results: [] },
      { key: 'd', comunaId: lab.comunaId, regionId: lab.regionId, insurerId: null, personId: null, examIds: [lab.examId], outcome: 'COMPLETE', withNear: false, session: SESSION, results: [[lab.id, 1, 5000, true]] },
    ]);
    // Three searches of the session ask for the exam in the comuna: one session.
    expect(await sessionsOf(lab.examId)).toBe(1);
    expect(await sessionsOf(unofferedExam)).toBe(1);
    const [day] = await t.prisma.$queryRaw<{ searches: number; no_result: number; incomplete: number }[]>`
      SELECT searches, no_result, incomplete FROM report_search_daily WHERE day = ${reportDay(new Date())}::date AND comuna_id = ${lab.comunaId}`;
    expect(day).toEqual({ searches: 3, no_result: 0, incomplete: 1 });

    // The first batch delivered again, with one search more: only the new one is written and counted.
    await writer.write({ id: 'first', name: 'searches', attempt: 2, data: { searches: [search({ key: 'a' }), search({ key: 'e', filters: { exams: [unofferedExam], location: lab.comunaId } })] } });
    expect(await t.prisma.searchHistory.count({ where: { jobId: { in: ['a', 'b', 'c', 'd', 'e'] } } })).toBe(5);
    expect((await t.prisma.searchHistory.findUniqueOrThrow({ where: { jobId: 'a' } })).shown).toEqual([{ laboratoryId: lab.id, position: 1, total: 5000, copay: null, offersAll: false }]);
    expect(await sessionsOf(unofferedExam)).toBe(1);
    const [again] = await t.prisma.$queryRaw<{ searches: number }[]>`
      SELECT searches FROM report_search_daily WHERE day = ${reportDay(new Date())}::date AND comuna_id = ${lab.comunaId}`;
    expect(again.searches).toBe(4);
  });

  it("counts a branch's positions for its report: one by one up to POSITIONS_COUNTED, every later one together", async () => {
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const positions = async () => {
      const answer = await t.http.post(`/api/reports/laboratories/${lab.id}`).set({ authorization: `Bearer ${admin}` }).send({ preset: 'today' });
      return new Map((answer.body.data.positions as { position: number; count: number }[]).map((p) => [p.position, p.count]));
    };
    const before = await positions();
    const shownAt = (key: string, position: number) => search({ key, laboratories: [{ laboratoryId: lab.id, position, total: 5000 }] });
    await writer.write({ id: 'positions', name: 'searches', attempt: 1, data: { searches: [
      shownAt('p1', 2), shownAt('p2', 2), shownAt('p3', POSITIONS_COUNTED), shownAt('p4', POSITIONS_COUNTED + 1), shownAt('p5', 5000),
    ] } });
    const after = await positions();
    const added = [...after].map(([position, count]) => [position, count - (before.get(position) ?? 0)]).filter(([, n]) => n !== 0);
    expect(added).toEqual([[2, 2], [POSITIONS_COUNTED, 1], [POSITIONS_COUNTED + 1, 2]]);
  });
});
