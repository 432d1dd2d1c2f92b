import type { Browser } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { axeViolations } from '../support/axe';
import { asPhonePhoto, renderOrder } from '../support/order-photos';
import { waitFor } from '../support/wait';

/** An order as a patient copies it from the PDF the clinic sent: furniture, a non-lab exam and an ambiguous line. */
const ORDER = ['Nombre: Rosa Elena Muñoz Pérez', 'RUT: 8.765.432-1', 'Rp:', '1. Hemograma', '2. Glicemia', '3. T4', '4. Rx de tórax AP y lateral', 'Dr. Andrés Soto V.'].join('\n');

/** What has focus: its id, or else its text (run in the page: the tests are compiled without the DOM's types). */
const FOCUSED = `(() => { const el = document.activeElement; return el ? el.id || el.textContent.trim() : ''; })()`;

/** axe's serious and critical findings: what keeps someone from using the dialog. */
const blocking = (violations: string[]) => violations.filter((v) => /\((serious|critical)\)/.test(v));

/**
 * The order reader on a phone (issue: "Pegar mi orden"): the patient pastes an order, reviews each line,
 * answers the ambiguous one, and the exams become chips that quote as picked ones do.
 */
describe('the order reader in the browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(30));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('reads a pasted order at 390 px, asks about the ambiguous line, and quotes the chosen exams', async () => {
    const [hemograma, glucosa, t4Free] = await Promise.all(['0301045', '0302047', '0303026'].map((code) => t.prisma.exam.findUniqueOrThrow({ where: { code } })));
    // The page's CSP forbids injected scripts; axe is a test tool, not part of the page.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const opener = page.getByRole('button', { name: 'Pegar mi orden' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Pega tu orden médica' });
    await dialog.waitFor();
    const textBox = dialog.getByLabel('Pega aquí el texto de tu orden médica');
    // The dialog takes the focus, on the text box.
    expect(await waitFor(() => page.evaluate<string>(FOCUSED), (id) => id === 'orden-texto')).toBe('orden-texto');
    await textBox.fill(ORDER);
    expect(blocking(await axeViolations(page, 'pegar'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Leer orden' }).click();

    const review = page.getByRole('dialog', { name: 'Revisa tu orden médica' });
    const lines = review.getByRole('list', { name: 'Líneas de tu orden' });
    await lines.waitFor();
    // Each line beside what it became; the order's furniture (name, RUT, doctor) is not a line.
    const line = (text: string) => lines.locator(':scope > li').filter({ hasText: text });
    await expect(lines.locator(':scope > li').count()).resolves.toBe(4);
    await expect(line('Hemograma').getByRole('checkbox').isChecked()).resolves.toBe(true);
    await expect(line('Glicemia').getByRole('checkbox').isChecked()).resolves.toBe(true);
    await expect(line('Rx de tórax').textContent()).resolves.toMatch(/Apartada.*No la agregamos/);
    const ambiguous = line('T4').getByRole('group', { name: '¿Cuál de estos?' });
    // Nothing is chosen for the patient: the button counts only the recognised exams.
    await expect(ambiguous.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
    await review.getByRole('button', { name: 'Agregar 2 exámenes' }).waitFor();
    expect(blocking(await axeViolations(page, 'revisar'))).toEqual([]);
    // The dialog fits the phone: nothing scrolls sideways.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // Chosen by keyboard: Space on the alternative's radio button.
    const choice = page.waitForRequest((request) => request.url().endsWith('/api/exam/read-order/choice'));
    await ambiguous.getByRole('radio', { name: /^Tiroxina libre/ }).focus();
    await page.keyboard.press('Space');
    await expect(ambiguous.getByRole('radio', { name: /^Tiroxina libre/ }).isChecked()).resolves.toBe(true);
    await review.getByRole('button', { name: 'Agregar 3 exámenes' }).click();
    // The reader learns which alternative the patient meant.
    expect((await choice).postDataJSON()).toEqual({ text: 'T4', examId: t4Free.id });

    // The dialog closes, the focus is back on the button that opened it, and the exams are chips.
    await review.waitFor({ state: 'detached' });
    expect(await waitFor(() => page.evaluate<string>(FOCUSED), (text) => text === 'Pegar mi orden')).toBe('Pegar mi orden');
    const chips = page.getByRole('list', { name: 'Exámenes elegidos' }).getByRole('listitem');
    // Each chip keeps the order's words where the catalogue's name does not say them.
    await expect(chips.allTextContents()).resolves.toEqual(['Hemograma', 'Glicemia · Glucosa en sangre', 'T4 · Tiroxina libre']);
    await page.getByRole('status').filter({ hasText: 'Agregamos 3 exámenes de tu orden.' }).waitFor();

    // Quoted as picked exams are: the same button, the same address, laboratories with their totals.
    await page.getByRole('button', { name: 'Cotizar 3 exámenes' }).click();
    await page.waitForURL(/\/buscador\?/);
    expect(new URL(page.url()).searchParams.get('examenes')).toBe(`${hemograma.id},${glucosa.id},${t4Free.id}`);
    const firstQuote = page.getByTestId('quote').first();
    await firstQuote.waitFor();
    await expect(firstQuote.getByTestId('quote-total').textContent()).resolves.toMatch(/^\$\s?[\d.]+$/);
    await context.close();
  }, 120_000);

  it('reads a phone photo of a printed order, and quotes its exams once confirmed', async () => {
    const photo = await asPhonePhoto(
      await renderOrder({ title: 'ORDEN DE EXÁMENES', patient: 'Paciente: María José Soto Pérez   RUT: 12.345.678-5', lines: ['Hemograma', 'Perfil lipídico', 'Creatinina', 'Orina completa'] }),
    );
    const expected = await Promise.all(['0301045', '0302034', '0302023', '0309022'].map((code) => t.prisma.exam.findUniqueOrThrow({ where: { code } })));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Foto de la orden' }).waitFor();
    await page.getByTestId('order-photo-input').setInputFiles({ name: 'orden.jpg', mimeType: 'image/jpeg', buffer: photo });

    // Read on the server (OCR), then the same review as a pasted order.
    const review = page.getByRole('dialog', { name: 'Revisa tu orden médica' });
    await review.getByRole('list', { name: 'Líneas de tu orden' }).waitFor({ timeout: 60_000 });
    await review.getByRole('button', { name: 'Agregar 4 exámenes' }).click();
    await review.waitFor({ state: 'detached' });
    const chips = page.getByRole('list', { name: 'Exámenes elegidos' }).getByRole('listitem');
    await expect(chips.count()).resolves.toBe(4);

    await page.getByRole('button', { name: 'Cotizar 4 exámenes' }).click();
    await page.waitForURL(/\/buscador\?/);
    expect(new URL(page.url()).searchParams.get('examenes')!.split(',').map(Number).sort()).toEqual(expected.map((e) => e.id).sort());
    await page.getByTestId('quote').first().waitFor();
    await page.close();
  }, 120_000);

  it('refuses a photo it cannot read before uploading it, and offers the ways on', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const uploads: string[] = [];
    page.on('request', (request) => request.url().includes('/api/exam/read-order') && uploads.push(request.url()));
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Foto de la orden' }).waitFor();
    // What "Foto de la orden" opens: the camera on a phone, the file picker on a computer.
    const input = page.getByTestId('order-photo-input');
    await expect(Promise.all([input.getAttribute('accept'), input.getAttribute('capture')])).resolves.toEqual(['image/*', 'environment']);
    await input.setInputFiles({ name: 'orden.heic', mimeType: 'image/heic', buffer: Buffer.from('not a picture we read') });

    const dialog = page.getByRole('dialog', { name: 'Foto de tu orden médica' });
    await dialog.getByText('Usa una foto JPG, PNG o WebP.').waitFor();
    expect(uploads).toEqual([]);
    await dialog.getByRole('button', { name: 'Elegir otra foto' }).waitFor();
    await dialog.getByRole('button', { name: 'Pegar el texto' }).click();
    await page.getByRole('dialog', { name: 'Pega tu orden médica' }).getByLabel('Pega aquí el texto de tu orden médica').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await waitFor(() => page.evaluate<string>(FOCUSED), (text) => text === 'Foto de la orden')).toBe('Foto de la orden');
    await page.close();
  });
});
