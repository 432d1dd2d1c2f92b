import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccessReport, ReportDashboard } from '../../src/contracts/reports';
import { addDays } from '../../src/modules/reports/domain/period';
import { reportDay } from '../../src/modules/reports/domain/routes';
import type { ReportBody } from '../../src/modules/reports/http/reports.schemas';
import { AccessLogWriter, type AccessEntry } from '../../src/modules/reports/jobs/access-log.writer';
import { SearchHistoryWriter, type SearchHistoryJob } from '../../src/modules/reports/jobs/search-history.writer';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { legacyAccessReport, legacyDashboard } from './legacy-reports';

/** The rollups issue 32 added, each with the columns that order its rows. */
const ROLLUPS = [
  'report_site_daily',
  'report_person_daily',
  'report_search_region_daily',
  'report_search_monthly',
  'report_laboratory_monthly',
  'report_exam_region_daily',
  'report_exam_country_daily',
  'report_exam_country_monthly',
] as const;

/** A small, seeded generator: the same data on every run. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)], chance: (p: number) => next() < p };
}

/**
 * Issue 32: the dashboard reads rollups kept by the writers instead of scanning the per-session-per-day
 * rows. On a year of generated traffic written through the real writers (batches in parallel, some
 * delivered twice, sessions that sign in as someone else, searches without a comuna), every figure of
 * the dashboard and of the access report must be exactly what the old computation answers, and the
 * migration's backfill must rebuild exactly the rollups the writers kept.
 */
describe('report rollups', () => {
  let t: TestApp;
  let admin: string;
  let regions: number[];

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 6 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const random = generator(32);
    const labs = await t.prisma.$queryRaw<{ id: number; comuna_id: number; region_id: number }[]>`
      SELECT l.id, l.comuna_id, c.parent_id AS region_id FROM laboratory l JOIN location c ON c.id = l.comuna_id ORDER BY l.id`;
    const comunas = await t.prisma.$queryRaw<{ id: number; region_id: number }[]>`
      (SELECT c.id, c.parent_id AS region_id FROM location c WHERE c.id = ANY(${labs.map((l) => l.comuna_id)}::int[]))
      UNION (SELECT id, parent_id FROM location WHERE kind = 'COMUNA' ORDER BY id DESC LIMIT 4)`;
    regions = [...new Set(comunas.map((c) => c.region_id))].sort((a, b) => a - b);
    const exams = (await t.prisma.exam.findMany({ where: { isActive: true }, select: { id: true }, orderBy: { id: 'asc' }, take: 14 })).map((e) => e.id);
    const profile = await t.prisma.profile.findUniqueOrThrow({ where: { code: 'USR' } });
    const persons: number[] = [];
    for (let i = 0; i < 4; i++) persons.push((await t.prisma.person.create({ data: { firstName: `Paciente ${i}`, lastName: 'Reportes', profileId: profile.id } })).id);

    // Days across thirteen months and a half, with the edges a period cuts at: today, month starts and ends, a year ago.
    const today = reportDay(new Date());
    const days = new Set<string>([today, addDays(today, -1), addDays(today, -6), addDays(today, -7), addDays(today, -29), addDays(today, -30), addDays(today, -364), addDays(today, -365), addDays(today, -399)]);
    for (let m = 0; m <= 13; m++) {
      const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - m, 1)).toISOString().slice(0, 10);
      for (const day of [first, addDays(first, 14), addDays(first, -1)]) if (day <= today) days.add(day);
    }
    for (let i = 0; i < 20; i++) days.add(addDays(today, -random.int(400)));
    const dayList = [...days].sort();
    // Noon in Chile, give or take a few hours: the writers put it on that day whatever the offset.
    const at = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + (3 + random.int(6)) * 3600_000 + random.int(3600_000)).toISOString();
    const sessions = Array.from({ length: 30 }, (_, i) => 1_765_000_000 + i);
    const person = () => (random.chance(0.25) ? random.pick([...persons, 999_999]) : null);

    const access = t.app.get(AccessLogWriter);
    const searches = t.app.get(SearchHistoryWriter);
    const accessBatch = (): AccessEntry[] => {
      const batchDays = [random.pick(dayList), random.pick(dayList)];
      return Array.from({ length: 1 + random.int(25) }, () => ({
        route: random.pick(['/', '/buscador?examenes=1', `/laboratorio/${random.pick(labs).id}`, '/carro', '/contacto', '/laboratorio/999999']),
        session: random.pick(sessions), personId: person(), ip: null, at: at(random.pick(batchDays)),
      }));
    };
    const searchBatch = (batch: number): SearchHistoryJob[] => {
      const batchDays = [random.pick(dayList), random.pick(dayList)];
      return Array.from({ length: 1 + random.int(12) }, (_, i) => {
        const comuna = random.pick(comunas);
        // A comuna, a region only (its daily row keeps the first region it was written with), or nowhere.
        const where = random.chance(0.7) ? { location: comuna.id } : random.chance(0.6) ? { locationFk: random.pick(regions) } : {};
        const shown = random.chance(0.15) ? [] : Array.from({ length: 1 + random.int(4) }, (_, k) => ({ laboratoryId: random.pick(labs).id, position: k + 1, total: 5000 + random.int(20000) }));
        return {
          filters: { exams: Array.from({ length: 1 + random.int(3) }, () => random.pick(exams)), ...where },
          resultCount: shown.length, tookMs: 5 + random.int(200), session: random.chance(0.1) ? null : random.pick(sessions), personId: person(),
          laboratories: shown, at: at(random.pick(batchDays)), key: `s${batch}-${i}`,
        };
      });
    };

    const written: (() => Promise<void>)[] = [];
    for (let batch = 0; batch < 160; batch++) {
      const id = `rollups-${batch}`;
      const job = batch % 2 ? ({ kind: 'access', entries: accessBatch() } as const) : ({ kind: 'search', searches: searchBatch(batch) } as const);
      const write = () =>
        job.kind === 'access'
          ? access.write({ id, name: 'access', attempt: 1, data: { entries: job.entries } })
          : searches.write({ id, name: 'searches', attempt: 1, data: { searches: job.searches } });
      written.push(write);
      // Some batches are delivered again, later: counted once.
      if (batch % 9 === 0) written.push(write);
    }
    // Four at a time, as the workers' concurrency runs them: sessions shared between batches wait on one another.
    for (let i = 0; i < written.length; i += 4) await Promise.all(written.slice(i, i + 4).map((write) => write()));
  }, 180_000);

  afterAll(() => t?.close());

  const periods = (): Omit<ReportBody, 'regionId'>[] => {
    const today = reportDay(new Date());
    const firstOfMonth = `${today.slice(0, 8)}01`;
    const lastMonthEnd = addDays(firstOfMonth, -1);
    const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
    return [
      { preset: 'today' },
      { preset: '7d' },
      { preset: '30d' },
      // The back office's twelve months, and the longest period allowed.
      { preset: 'custom', from: addDays(today, -364), to: today },
      { preset: 'custom', from: addDays(today, -399), to: today },
      // Whole months only, a month and its edges, a single day at a month's edge.
      { preset: 'custom', from: `${addDays(lastMonthStart, -200).slice(0, 8)}01`, to: lastMonthEnd },
      { preset: 'custom', from: addDays(lastMonthStart, 3), to: addDays(firstOfMonth, 2) },
      { preset: 'custom', from: lastMonthEnd, to: lastMonthEnd },
    ];
  };

  it('answers every figure of the dashboard exactly as the per-session rows and daily rollups did', async () => {
    const [{ elsewhere }] = await t.prisma.$queryRaw<{ elsewhere: number }[]>`SELECT min(id) AS elsewhere FROM location WHERE kind = 'REGION' AND id <> ALL(${regions}::int[])`;
    let compared = 0;
    for (const period of periods()) {
      for (const regionId of [undefined, ...regions, elsewhere]) {
        const filter = { ...period, regionId } as ReportBody;
        const answer = await t.http.post('/api/reports/dashboard').set('Authorization', `Bearer ${admin}`).send(filter);
        expect(answer.body.code).toBe(200);
        const expected = JSON.parse(JSON.stringify(await legacyDashboard(t.prisma, filter))) as ReportDashboard;
        expect({ filter, board: answer.body.data }).toEqual({ filter, board: expected });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);

    // The comparison is not of empty boards: the year has every kind of figure.
    const year = (await t.http.post('/api/reports/dashboard').set('Authorization', `Bearer ${admin}`).send(periods()[3])).body.data as ReportDashboard;
    expect(year.topExams.length).toBeGreaterThan(3);
    expect(year.topComunas.length).toBeGreaterThan(3);
    expect(year.laboratoriesShown.length).toBeGreaterThan(3);
    expect(year.laboratoriesOpened.length).toBeGreaterThan(3);
    expect(year.funnel.addedToCart).toBeGreaterThan(0);
    expect(year.visitsPerDay.some((d) => d.signedIn > 1)).toBe(true);
    // Sessions did sign in as someone else on a day, and searches without a comuna were kept under a region.
    const [{ switched }] = await t.prisma.$queryRaw<{ switched: number }[]>`
      SELECT count(*)::int AS switched FROM (SELECT 1 FROM access_log a JOIN report_session_daily s ON s.session = a.session
        AND s.day = (a.created_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago')::date
        WHERE a.person_id IS NOT NULL AND a.person_id <> s.person_id) x`;
    expect(switched).toBeGreaterThan(0);
    const [{ regionOnly }] = await t.prisma.$queryRaw<{ regionOnly: number }[]>`SELECT count(*)::int AS "regionOnly" FROM report_search_daily WHERE comuna_id = 0 AND region_id <> 0`;
    expect(regionOnly).toBeGreaterThan(0);
  });

  it('answers the access report exactly as before (persons of a period counted once)', async () => {
    for (const period of periods()) {
      const answer = await t.http.post('/api/reports/access').set('Authorization', `Bearer ${admin}`).send(period);
      expect(answer.body.code).toBe(200);
      const expected = JSON.parse(JSON.stringify(await legacyAccessReport(t.prisma, period as ReportBody))) as AccessReport;
      expect({ period, report: answer.body.data }).toEqual({ period, report: expected });
    }
  });

  it('rebuilds with the migration exactly the rollups the writers kept', async () => {
    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const table of ROLLUPS) tables[table] = await t.prisma.$queryRawUnsafe(`SELECT * FROM ${table} ORDER BY 1, 2, 3`);
      return JSON.parse(JSON.stringify(tables, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Record<string, unknown[]>;
    };
    const kept = await snapshot();
    expect(Object.values(kept).every((rows) => rows.length > 0)).toBe(true);
    // A person's row goes when no session of the day carries them any more.
    expect((kept.report_person_daily as { sessions: number }[]).every((r) => r.sessions > 0)).toBe(true);

    const migration = readFileSync(join(__dirname, '../../prisma/migrations/20261205000000_reports_rollups/migration.sql'), 'utf8');
    const backfill = migration.split(/;\s*$/m).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter((s) => s.startsWith('INSERT INTO'));
    expect(backfill).toHaveLength(ROLLUPS.length);
    await t.prisma.$executeRawUnsafe(`TRUNCATE ${ROLLUPS.join(', ')}`);
    for (const statement of backfill) await t.prisma.$executeRawUnsafe(statement);
    expect(await snapshot()).toEqual(kept);
  });
});
