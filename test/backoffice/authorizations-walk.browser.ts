import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { authorizeInQueue, logIn, lookAtBothWidths } from '../support/backoffice';
import { waitFor } from '../support/wait';
import { clp } from '../support/format';

const PROVIDER = { email: 'prv@autoriza-walk.cl', password: 'clave-del-laboratorio-1' };
const REASON = 'El precio es veinte veces el arancel FONASA; revísalo.';
describe('an administrator decides a laboratory\'s prices from the queue', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let labName: string;
  let offers: { id: number; examId: number; code: string; price: number }[];

  beforeAll(async () => {
    if (process.env.SHOTS_DIR) await mkdir(process.env.SHOTS_DIR, { recursive: true });
    ({ t, base, browser } = await startBrowserApp(16));

    // Set-up through the API, as a provider: three new prices of one branch, at exams no one offers yet.
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, company: { status: 'APPROVED' } }, orderBy: { id: 'asc' } });
    labName = lab.identifierName;
    const provider = (await createProvider(t, admin, lab.companyId, PROVIDER.email, PROVIDER.password)).token;
    const exams = await t.prisma.exam.findMany({ where: { isActive: true, fonasaPriceLevel1: { gt: 1000 }, laboratoryExams: { none: { laboratoryId: lab.id } } }, orderBy: { id: 'asc' }, take: 3 });
    expect(exams).toHaveLength(3);
    offers = [];
    for (const [i, exam] of exams.entries()) {
      // Half the FONASA value: the cheapest quote of the exam (the seeded ones are above 0.7×); the third, twenty times it.
      const price = i === 2 ? exam.fonasaPriceLevel1! * 20 : Math.round(exam.fonasaPriceLevel1! / 2) + i;
      const answer = await t.http.post('/api/laboratory-exam').set('Authorization', `Bearer ${provider}`).send({ laboratoryId: lab.id, examId: exam.id, price });
      expect(answer.body.data).toMatchObject({ status: 'PENDING' });
      offers.push({ id: answer.body.data.id, examId: exam.id, code: exam.code, price });
    }
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('authorizes two in one bulk action, rejects one with a reason, quotes the two and shows the reason to the provider', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);

    // The dashboard counts what waits, and leads to the queue.
    const pending = await t.prisma.laboratoryExam.count({ where: { status: 'PENDING', isActive: true, laboratory: { isActive: true } } });
    const tile = page.getByRole('link', { name: /Precios por autorizar/ });
    await expect(tile.textContent()).resolves.toContain(pending.toLocaleString('es-CL'));
    await lookAtBothWidths(page, 'dashboard-admin');
    await tile.click();
    await page.waitForURL(`${base}/app/authorized-examinations`);
    await page.getByRole('heading', { name: 'Precios por autorizar' }).waitFor();

    // Only this branch's pending prices, from the address; the one twenty times FONASA stands out.
    await page.goto(`${base}/app/authorized-examinations?laboratoryId=${(await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offers[0].id } })).laboratoryId}&term=`);
    const row = (code: string) => page.getByRole('row').filter({ hasText: code });
    await row(offers[2].code).waitFor();
    await expect(row(offers[2].code).locator('.cl-tag--danger').textContent()).resolves.toContain('20× FONASA');
    expect(await row(offers[0].code).locator('.cl-tag--danger').count()).toBe(0);
    await expect(row(offers[0].code).textContent()).resolves.toContain(clp(offers[0].price));
    await lookAtBothWidths(page, 'queue-admin');

    // The "far from FONASA" filter keeps the expensive one only.
    await page.goto(`${base}/app/authorized-examinations?laboratoryId=${(await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: offers[0].id } })).laboratoryId}&deviation=extreme`);
    await row(offers[2].code).waitFor();
    expect(await row(offers[0].code).count()).toBe(0);
    await page.goBack();
    await row(offers[0].code).waitFor();

    // Authorize two at once, after confirming.
    await authorizeInQueue(page, [offers[0].code, offers[1].code]);
    await waitFor(() => row(offers[0].code).count(), (n) => n === 0);

    // Reject the third with a reason: the dialog refuses an empty one.
    await row(offers[2].code).getByRole('checkbox').first().click();
    await page.getByRole('region', { name: 'Acciones sobre la selección' }).getByRole('button', { name: 'Rechazar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechazar 1 precio' });
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await dialog.getByText('Escribe un motivo de al menos 5 caracteres.').waitFor();
    await dialog.getByLabel('Motivo del rechazo (lo verá el laboratorio)').fill(REASON);
    await lookAtBothWidths(page, 'queue-reject-dialog');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await page.getByText('Rechazamos el precio.').waitFor();
    const decided = await t.prisma.laboratoryExam.findMany({ where: { id: { in: offers.map((o) => o.id) } }, orderBy: { id: 'asc' } });
    expect(decided.map((d) => [d.status, d.rejectionReason])).toEqual([['AUTHORIZED', null], ['AUTHORIZED', null], ['REJECTED', REASON]]);

    // The row's view page tells the story: who rejected it, why, from where.
    await page.goto(`${base}/app/authorized-examinations/view/${offers[2].id}`);
    const timeline = page.getByRole('region', { name: 'Historial de cambios' });
    await timeline.getByText('Rechazó el precio').waitFor();
    await expect(timeline.textContent()).resolves.toContain(REASON);
    await lookAtBothWidths(page, 'price-view-admin');

    // Every view page can carry the timeline: an exam no one changed says so.
    await page.goto(`${base}/app/exams/view/${offers[0].examId}`);
    await page.getByRole('region', { name: 'Historial de cambios' }).getByText('Aún no hay cambios registrados.').waitFor();
    await lookAtBothWidths(page, 'exam-view-admin');

    // The two authorized prices are quoted on /buscador.
    const quote = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    for (const offer of offers.slice(0, 2)) {
      await quote.goto(`${base}/buscador?examenes=${offer.examId}&orden=total`);
      const card = quote.getByTestId('quote').first();
      await expect(card.getByRole('heading').textContent()).resolves.toBe(labName);
      await expect(card.getByTestId('quote-total').textContent()).resolves.toBe(clp(offer.price));
    }
    await quote.close();

    // The provider sees the reason, on the API and on its screen.
    const provider = (await signIn(t, PROVIDER.email, PROVIDER.password)).token;
    const own = await t.http.get(`/api/laboratory-exam/${offers[2].id}`).set('Authorization', `Bearer ${provider}`);
    expect(own.body.data).toMatchObject({ status: 'REJECTED', rejectionReason: REASON });
    const providerPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await providerPage.goto(`${base}/app/login`);
    await logIn(providerPage, PROVIDER);
    await providerPage.waitForURL(`${base}/app`);
    await lookAtBothWidths(providerPage, 'dashboard-provider');
    await providerPage.getByRole('link', { name: /Precios rechazados/ }).click();
    await providerPage.getByRole('heading', { name: 'Autorización de mis precios' }).waitFor();
    const rejectedRow = providerPage.getByRole('row').filter({ hasText: offers[2].code });
    await expect(rejectedRow.textContent()).resolves.toContain(REASON);
    expect(await providerPage.getByRole('region', { name: 'Acciones sobre la selección' }).count()).toBe(0);
    expect(await rejectedRow.getByRole('checkbox').count()).toBe(0);
    await lookAtBothWidths(providerPage, 'queue-provider-rejected');
  }, 180_000);

  it('authorizes every price matching the filter, beyond the page, after saying how many', async () => {
    // Twelve pending prices of another branch: more than a page of ten.
    const company = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED' }, orderBy: { id: 'asc' } });
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Temuco' } });
    const lab = await t.prisma.laboratory.create({ data: { companyId: company.id, identifierName: 'Sucursal Doce Precios', addressLine1: 'Av. Alemania 100', comunaId: comuna.id } });
    const exams = await t.prisma.exam.findMany({ where: { isActive: true, laboratoryExams: { none: { laboratoryId: lab.id } } }, orderBy: { id: 'asc' }, take: 12 });
    await t.prisma.laboratoryExam.createMany({ data: exams.map((exam, i) => ({ laboratoryId: lab.id, examId: exam.id, price: 5000 + i, status: 'PENDING' as const })) });

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, ADMIN);
    await page.waitForURL(`${base}/app`);
    await page.goto(`${base}/app/authorized-examinations?laboratoryId=${lab.id}&perPage=10`);
    await page.getByText('12 precios', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: exams[0].code }).waitFor();

    // The page's ten, then the twelve the filter matches.
    await page.getByRole('columnheader').getByRole('checkbox').click();
    const bulk = page.getByRole('region', { name: 'Acciones sobre la selección' });
    await bulk.getByText('10 seleccionados').waitFor();
    await bulk.getByRole('button', { name: 'Seleccionar los 12 precios que coinciden con el filtro' }).click();
    await bulk.getByText('Los 12 precios que coinciden con el filtro').waitFor();
    await lookAtBothWidths(page, 'queue-all-matching');
    await bulk.getByRole('button', { name: 'Autorizar' }).click();
    await page.getByRole('dialog', { name: 'Autorizar 12 precios' }).getByRole('button', { name: 'Autorizar' }).click();
    await page.getByText('Autorizamos 12 precios.').waitFor();
    expect(await t.prisma.laboratoryExam.count({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', examId: { in: exams.map((e) => e.id) } } })).toBe(12);
    await page.getByText('0 precios', { exact: true }).waitFor();
    await context.close();
  }, 120_000);
});
