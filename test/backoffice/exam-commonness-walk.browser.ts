import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../support/accounts';
import type { TestApp } from '../support/app';
import { axeViolations } from '../support/axe';
import { logIn, lookAtBothWidths } from '../support/backoffice';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { examSuggestions } from '../support/exam-lookup';

/**
 * Issue 18: an administrator says how common an exam is on its form in the back office, and the
 * storefront's exam box follows: "hemo" brings Hemograma first, and the exam made common after it.
 */
describe('an administrator sets how common an exam is', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(6));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  /** The suggestions of the home page's exam box for what a patient types, in order. */
  async function suggestions(page: Page, typed: string): Promise<string[]> {
    await page.goto(`${base}/`);
    return examSuggestions(page, page.getByLabel('Exámenes de tu orden médica'), typed);
  }

  it('edits it on the exam form, sees it on the exam, and the exam box follows', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const hemograma = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } });
    // How many laboratories offer an exam orders exams alike in the rest (exam-ranking.ts): the rival is the
    // Hemosiderina offered most, as widely as the other common "hemo" exams.
    const [{ id: rivalId }] = await t.prisma.$queryRaw<{ id: number }[]>`
      SELECT e.id FROM exam e LEFT JOIN laboratory_exam le ON le.exam_id = e.id AND le.status = 'AUTHORIZED' AND le.is_active
      WHERE e.name LIKE 'Hemosiderina%' GROUP BY e.id ORDER BY count(le.id) DESC, e.code LIMIT 1`;
    const rival = await t.prisma.exam.findUniqueOrThrow({ where: { id: rivalId } });
    expect([hemograma.commonness, rival.commonness]).toEqual([100, 0]);

    const before = await suggestions(page, 'hemo');
    expect(before[0]).toMatch(/^Hemograma/);
    const rivalBefore = before.findIndex((s) => s.startsWith(rival.name));
    expect(rivalBefore === -1 || rivalBefore > 1).toBe(true);

    await page.goto(`${base}/app/login`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);
    await page.goto(`${base}/app/exams/edit/${rival.id}`);
    const field = page.getByLabel('Qué tan común es (0 a 100)');
    await expect(field.inputValue()).resolves.toBe('0');
    await page.getByText('Cuanto más alto, antes aparece en el buscador').waitFor();
    await field.fill('100');
    await lookAtBothWidths(page, 'exam-commonness-form');
    expect(await axeViolations(page, 'exam form')).toEqual([]);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${base}/app/exams/view/${rival.id}`);
    await page.getByText('100 de 100').waitFor();
    await lookAtBothWidths(page, 'exam-commonness-show');
    expect((await t.prisma.exam.findUniqueOrThrow({ where: { id: rival.id } })).commonness).toBe(100);

    // Hemograma made rare: the exam now common comes first for the same letters.
    await page.goto(`${base}/app/exams/edit/${hemograma.id}`);
    await page.getByLabel('Qué tan común es (0 a 100)').fill('10');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${base}/app/exams/view/${hemograma.id}`);
    await page.getByText('10 de 100').waitFor();

    const after = await suggestions(page, 'hemo');
    expect(after[0]).toMatch(new RegExp(`^${rival.name}`));
    // The storefront's layout is another feature's (its own walks check it): only a picture of the box here.
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/exam-commonness-storefront-1366.png` });
    await context.close();
  });
});
