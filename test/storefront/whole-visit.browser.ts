import type { Browser } from 'playwright-core';
import { announceSearchChange, SEARCH_INDEX, type SearchIndex } from '../../src/modules/search';
import { axeViolations, sideways } from '../support/axe';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { clp } from '../support/format';
import type { TestApp } from '../support/app';
import { shoot } from '../support/screenshots';

/**
 * Issue 30, on a phone: the quote tells the whole visit. A 5-exam order (fasting glucose, lipid profile, first-morning
 * urine...) at a branch that charges the venous sample taking: the card adds it once to "Tú pagas", the laboratory
 * page says how to prepare and when to go there, and checkout says the fee is paid at the counter.
 */
const PHONE = { width: 390, height: 844 };
const ORDER = ['0301045', '0302034', '0302047', '0309022', '0303024'];

describe('the whole visit in the quote, on a phone', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(40));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('adds the sample taking once to what the patient pays, and says how to prepare and when to go', async () => {
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ORDER } }, select: { id: true } });
    // A branch of the demo data charging the venous sample taking and offering the whole order.
    const lab = await t.prisma.laboratory.findFirstOrThrow({
      where: { fees: { some: { kind: 'VENOUS' } }, AND: exams.map((e) => ({ exams: { some: { examId: e.id, status: 'AUTHORIZED' as const, isActive: true } } })) },
      include: { fees: true, comuna: true },
      orderBy: { id: 'asc' },
    });
    const venous = lab.fees.find((f) => f.kind === 'VENOUS')!.amount;
    const ids = exams.map((e) => e.id).join(',');
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/buscador?examenes=${ids}&comuna=${lab.comunaId}&laboratorio=${encodeURIComponent(lab.identifierName)}`);
    const card = page.getByTestId('quote').filter({ hasText: lab.identifierName }).first();
    await card.waitFor();
    const api = (await t.http.post('/api/laboratory/search').send({ exams: exams.map((e) => e.id), laboratoryId: lab.id })).body.data;
    const quote = api.items[0];
    expect(quote.fees).toEqual([{ kind: 'VENOUS', amount: venous, copay: venous }]);
    await expect(card.getByTestId('quote-fee').textContent()).resolves.toContain(`Toma de muestra venosa (una vez por visita)${clp(venous)}`);
    await expect(card.getByTestId('quote-copay').textContent()).resolves.toBe(clp(quote.copay + venous));
    await expect(card.getByTestId('quote-fees-included').textContent()).resolves.toBe(`Incluye toma de muestra ${clp(venous)}`);
    // The whole order's preparation: the lipid profile's 12 hours, the first urine of the morning.
    const preparation = page.getByTestId('preparation');
    await expect(preparation.textContent()).resolves.toContain('Ayuno de 12 horas');
    await expect(preparation.textContent()).resolves.toMatch(/primera orina de la mañana/i);
    await shoot(page, 'visit-results');
    expect(await sideways(page, 'results with fees')).toEqual([]);

    // The laboratory page of the quote: the same figures, and when to go to this branch.
    await card.getByRole('link').first().click();
    await page.waitForURL(/\/laboratorio\/\d+\?/);
    const order = page.getByTestId('quoted-order');
    await order.getByTestId('order-pays').waitFor();
    await expect(order.getByTestId('order-pays').textContent()).resolves.toBe(clp(quote.copay + venous));
    await expect(order.getByTestId('order-fee-at-counter').textContent()).resolves.toContain(clp(venous));
    await expect(order.getByTestId('preparation').textContent()).resolves.toContain('Ayuno de 12 horas');
    await expect(page.getByTestId('lab-fees').textContent()).resolves.toContain(`Toma de muestra venosa: ${clp(venous)}, una vez por visita`);
    await shoot(page, 'visit-laboratory');
    const serious = (await axeViolations(page, 'laboratory page with fees')).filter((v) => /\((serious|critical)\)/.test(v));
    expect([...(await sideways(page, 'laboratory page with fees')), ...serious]).toEqual([]);

    // A quote to keep: shared as a link that re-quotes it; opened, nothing changed yet.
    await order.getByRole('button', { name: 'Compartir' }).click();
    const link = (await page.getByRole('status').filter({ hasText: '/cotizacion/' }).textContent())!.match(/\/cotizacion\/(CTZ-[A-Z0-9-]+)/)![1];
    const shared = await page.context().newPage();
    await shared.goto(`${base}/cotizacion/${link}`);
    await shared.getByRole('heading', { name: `Cotización ${link}` }).waitFor();
    await expect(shared.getByTestId('kept-changes').textContent()).resolves.toContain('Sin cambios');
    await expect(shared.getByTestId('quote').getByTestId('quote-copay').textContent()).resolves.toBe(clp(quote.copay + venous));
    await shoot(shared, 'visit-kept-quote');
    expect(await sideways(shared, 'kept quote')).toEqual([]);
    await shared.close();

    // Checkout: the online payment is the exams; the sample taking is paid at the laboratory, and said so.
    await page.getByRole('button', { name: 'Agregar mi orden al carro' }).click();
    await page.getByRole('link', { name: 'Ir a pagar' }).click();
    await page.waitForURL(`${base}/checkout`);
    await expect(page.getByTestId('cart-fee-at-counter').textContent()).resolves.toBe(`En el laboratorio pagas además la toma de muestra, ${clp(venous)} (una vez por visita).`);
    await page.getByTestId('preparation').waitFor();
    await shoot(page, 'visit-checkout');
    await page.context().close();
  }, 120_000);

  it("applies an Isapre plan's cap per exam in UF, says where it bit and which UF it used", async () => {
    // The UF this case states, whatever the demo data holds.
    await t.prisma.ufValue.deleteMany();
    await t.prisma.ufValue.create({ data: { validOn: new Date('2026-11-01'), value: 39512.34 } });
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ORDER } }, select: { id: true } });
    const colmena = await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'colmena' } });
    const lab = await t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, insurers: { some: { insurerId: colmena.id } }, exams: { some: { status: 'AUTHORIZED' } } }, orderBy: { id: 'asc' } });
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/buscador?examenes=${exams.map((e) => e.id).join(',')}&comuna=${lab.comunaId}&prevision=${colmena.id}&cobertura=70&tope=0.05`);
    await page.getByTestId('quote').first().waitFor();
    // 0,05 UF of $39.512,34: $1.976 per exam; the lipid profile's 70 % is above it at every laboratory here.
    await expect(page.getByTestId('uf-note').textContent()).resolves.toBe('Tope de tu plan: 0,05 UF por examen = $1.976 (UF al 01-11-2026: $39.512,34).');
    await expect(page.getByTestId('exam-capped').first().textContent()).resolves.toBe('Tope del plan: 0,05 UF');
    // The filters keep the cap, in the Isapre's fields.
    await page.getByRole('button', { name: /filtros/i }).first().click();
    await expect(page.locator('#coverage-cap').inputValue()).resolves.toBe('0.05');
    await shoot(page, 'visit-cap');
    expect(await sideways(page, 'results with a cap')).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('offers to split the order between two laboratories when none has it whole; the cart takes both visits and checkout pays one order per laboratory', async () => {
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { name: 'Cabo de Hornos', kind: 'COMUNA' } });
    const company = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED' } });
    const [glucosa, creatinina] = await Promise.all(['0302047', '0302023'].map((code) => t.prisma.exam.findUniqueOrThrow({ where: { code } })));
    const at = async (name: string, examId: number, price: number) =>
      (await t.prisma.laboratory.create({ data: { companyId: company.id, identifierName: name, addressLine1: 'Costanera 1', comunaId: comuna.id, exams: { create: { examId, price, status: 'AUTHORIZED' } } } })).id;
    const ids = [await at('Austral Glucosa', glucosa.id, 2500), await at('Austral Creatinina', creatinina.id, 3500)];
    await t.app.get<SearchIndex>(SEARCH_INDEX).reindexLaboratories(ids);
    await announceSearchChange(t.prisma);
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/buscador?examenes=${glucosa.id},${creatinina.id}&comuna=${comuna.id}`);
    const offer = page.getByTestId('split-offer');
    await offer.waitFor();
    await expect(offer.getByRole('heading').textContent()).resolves.toContain('Ningún laboratorio tiene tu orden completa: hazla en 2');
    await expect(offer.getByTestId('split-visit').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Austral Glucosa: Glucosa en sangre.* · pagas \$2\.500$/),
      expect.stringMatching(/^Austral Creatinina: Creatinina.* · pagas \$3\.500$/),
    ]);
    await shoot(page, 'visit-split');
    expect(await sideways(page, 'split offer')).toEqual([]);

    // Both visits go to the cart at once; checkout pays one laboratory's order at a time, and says which.
    await offer.getByRole('button', { name: 'Agregar las 2 visitas al carro' }).click();
    await offer.getByRole('link', { name: /Las 2 visitas están en tu carro/ }).click();
    await page.waitForURL(`${base}/checkout`);
    const visits = page.getByTestId('checkout-visits');
    await expect(visits.textContent()).resolves.toContain('Tu carro tiene exámenes de 2 laboratorios: cada uno es una visita y se paga en su propia orden, con su propio voucher. Ahora pagas la de Austral Glucosa.');
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe(clp(2500));
    await shoot(page, 'visit-split-checkout');
    await visits.getByRole('link', { name: 'Pagar primero la de Austral Creatinina' }).click();
    await page.getByRole('heading', { name: 'Tu orden en Austral Creatinina' }).waitFor();
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe(clp(3500));
    await page.getByLabel('Nombre', { exact: true }).fill('Pía');
    await page.getByLabel('Apellido').fill('Aguilar');
    await page.getByLabel('RUT').fill('111111111');
    await page.getByLabel('Correo electrónico').fill('pia@correo.test');
    await page.getByRole('button', { name: `Pagar ${clp(3500)}` }).click();
    await page.waitForURL(/\/api\/payments\/simulator/);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL(/\/voucher\/\d+\?k=/);
    // The paid visit left the cart; the other one waits, one click from its own checkout.
    const next = page.getByTestId('next-visit');
    await expect(next.textContent()).resolves.toBe('Tu carro aún tiene 1 examen de Austral Glucosa, tu otra visita. Pagar esa orden');
    await shoot(page, 'visit-split-voucher');
    await next.getByRole('link', { name: 'Pagar esa orden' }).click();
    await page.getByRole('heading', { name: 'Tu orden en Austral Glucosa' }).waitFor();
    await expect(page.getByTestId('checkout-visits').count()).resolves.toBe(0);

    await page.goto(`${base}/buscador?examenes=${glucosa.id},${creatinina.id}&comuna=${comuna.id}`);
    await page.getByTestId('split-offer').getByRole('link', { name: 'Austral Creatinina' }).click();
    await page.waitForURL(new RegExp(`/laboratorio/${ids[1]}\\?examenes=${creatinina.id}`));
    await page.context().close();
  }, 120_000);

  it("quotes a child's pediatric sample taking when the patient says the exams are for a child", async () => {
    const hemograma = await t.prisma.exam.findUniqueOrThrow({ where: { code: '0301045' } });
    const lab = await t.prisma.laboratory.findFirstOrThrow({
      where: { fees: { some: { kind: 'PEDIATRIC' } }, exams: { some: { examId: hemograma.id, status: 'AUTHORIZED', isActive: true } } },
      include: { fees: true }, orderBy: { id: 'asc' },
    });
    const fee = (kind: string) => lab.fees.find((f) => f.kind === kind)!.amount;
    const page = await (await browser.newContext({ viewport: PHONE, bypassCSP: true })).newPage();
    await page.goto(`${base}/buscador?examenes=${hemograma.id}&comuna=${lab.comunaId}&laboratorio=${encodeURIComponent(lab.identifierName)}`);
    const card = page.getByTestId('quote').filter({ hasText: lab.identifierName }).first();
    await expect(card.getByTestId('quote-fee').textContent()).resolves.toContain(`Toma de muestra venosa (una vez por visita)${clp(fee('VENOUS'))}`);
    await page.getByRole('button', { name: /filtros/i }).first().click();
    await page.getByLabel(/para un niño o niña/).check();
    await page.waitForURL(/nino=1/);
    await expect(card.getByTestId('quote-fee').filter({ hasText: 'pediátrica' }).textContent()).resolves.toContain(clp(fee('PEDIATRIC')));
    await page.context().close();
  }, 120_000);
});
