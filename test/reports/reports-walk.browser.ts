import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/accounts';
import type { TestApp } from '../support/app';
import { choose, logIn, lookAtBothWidths } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { waitFor } from '../support/wait';
import { SearchHistoryWriter } from '../../src/modules/reports/jobs/search-history.writer';

/**
 * An administrator reads the reports: the dashboard of a period and region, then the search history
 * narrowed to a comuna, where a search made earlier is found with what it showed, and downloaded.
 */
describe('reports screens', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const session = 1763955555;
  let lab: { id: number; name: string; comuna: string; region: string; comunaId: number; examId: number };

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(6));
    [lab] = await t.prisma.$queryRaw<typeof lab[]>`
      SELECT l.id, l.identifier_name AS name, c.name AS comuna, r.name AS region, c.id AS "comunaId", le.exam_id AS "examId"
      FROM laboratory l JOIN location c ON c.id = l.comuna_id JOIN location r ON r.id = c.parent_id
      JOIN laboratory_exam le ON le.laboratory_id = l.id AND le.status = 'AUTHORIZED' AND le.is_active
      JOIN company co ON co.id = l.company_id AND co.status = 'APPROVED'
      WHERE l.is_active ORDER BY l.id, le.exam_id LIMIT 1`;
  }, 120_000);

  afterAll(() => closeBrowserApp(t, browser));

  it('walks from the dashboard to a search, what it showed, and its CSV', async () => {
    const answer = await t.http.post('/api/laboratory/search').send({ exams: [lab.examId], location: lab.comunaId, session: String(session) });
    expect(answer.body.data.total).toBeGreaterThan(0);
    const firstShown = answer.body.data.items[0].identifierName as string;
    await t.http.post('/api/log-access').send({ route: `/laboratorio/${lab.id}`, session });
    await waitFor(() => t.prisma.reportSessionDaily.findMany({ where: { session: BigInt(session) } }), (rows) => rows.some((r) => r.searches === 1 && r.labOpens === 1));

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    await page.goto(`${base}/app/reports`);
    await logIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Reportes', level: 1 }).waitFor();
    await page.getByRole('radio', { name: '7 días' }).or(page.getByRole('button', { name: '7 días' })).first().click();
    await choose(page, 'report-region', lab.region);
    const kpi = page.locator('.cl-report-kpi', { hasText: 'Búsquedas' });
    await expect(kpi.locator('strong').textContent()).resolves.toBe('1');
    // The numbers of a chart, a click away.
    const exams = page.getByRole('region', { name: 'Exámenes más buscados' });
    await exams.getByRole('button', { name: 'Ver tabla' }).click();
    await exams.getByRole('cell', { name: '1', exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'Laboratorios más abiertos' }).getByRole('button', { name: 'Ver tabla' }).click();
    await page.getByRole('region', { name: 'Laboratorios más abiertos' }).getByRole('cell', { name: lab.name }).waitFor();
    // Readable at a phone's width too: nothing wider than the window (screenshots in SHOTS_DIR).
    await lookAtBothWidths(page, 'reports-dashboard');

    await page.getByRole('link', { name: 'Historial de búsquedas' }).first().click();
    await page.getByRole('heading', { name: 'Historial de búsquedas', level: 1 }).waitFor();
    // The menu marks the page it is on, not "Reportes" as well (whose address this one starts with).
    const menu = page.getByRole('navigation', { name: 'Menú de administración' });
    await expect(menu.locator('[aria-current="page"]').allTextContents()).resolves.toEqual(['Historial de búsquedas']);
    await choose(page, 'report-region', lab.region);
    await choose(page, 'report-comuna', lab.comuna);
    const row = page.getByRole('row').filter({ hasText: String(session) });
    await row.waitFor();
    await row.getByRole('button', { name: 'Qué mostró' }).click();
    const shown = page.getByLabel(/Resultados de la búsqueda/);
    await shown.getByRole('cell', { name: firstShown }).first().waitFor();
    await lookAtBothWidths(page, 'reports-search-history');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(session));
    expect(lines[1]).toContain(lab.comuna);

    // A patient who paged far down found the branch at position 150: counted with every position past 100.
    await t.app.get(SearchHistoryWriter).write({ id: 'far-down', name: 'searches', attempt: 1, data: { searches: [{
      filters: { exams: [lab.examId], location: lab.comunaId, currentPage: 15 }, resultCount: 200, tookMs: 5, session: null, personId: null,
      laboratories: [{ laboratoryId: lab.id, position: 150, total: 5000 }], key: 'far-down' }] } });
    await page.getByRole('link', { name: 'Historial de resultados' }).first().click();
    await page.getByRole('button', { name: lab.name }).click();
    const positions = page.getByRole('region', { name: /posiciones en que apareció/ });
    await positions.getByRole('button', { name: 'Ver tabla' }).click();
    await expect(positions.getByRole('cell').allTextContents()).resolves.toEqual(expect.arrayContaining(['1°', 'más de 100']));
    await lookAtBothWidths(page, 'reports-result-history');
    await page.close();

  }, 120_000);
});
