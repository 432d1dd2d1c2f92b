import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { launchChromium, WEB_DIST } from '../support/browser';
import { logIn, choose } from '../support/backoffice';
import { waitForMail } from '../support/mailbox';

/** Where the screenshots of every screen go (never in the repository); SHOTS_DIR to choose. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-companies';
const ROSA = { email: 'rosa@labandes.cl', password: 'clave-de-rosa-12' };

describe('a laboratory registers on the storefront and an administrator approves it in /app/company', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4, env: { WEB_DIST_DIR: WEB_DIST } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('registers → pending in /app → cannot invite → approved by an administrator → the provider sees it approved', async () => {
    const provider = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();

    // The storefront's call to laboratories leads to the registration.
    await provider.goto(`${base}/`);
    await provider.getByRole('contentinfo').getByRole('link', { name: '¿Tienes un laboratorio? Publica tus precios' }).click();
    await provider.waitForURL(`${base}/registro-laboratorio`);
    await provider.getByRole('heading', { name: 'Publica los precios de tu laboratorio' }).waitFor();

    // The RUT takes its dots and dash as it is typed; a wrong check digit is said beside it.
    await provider.locator('#prv-rut').pressSequentially('763547710');
    await expect(provider.locator('#prv-rut').inputValue()).resolves.toBe('76.354.771-0');
    await provider.getByLabel('Razón social').fill('Laboratorio Los Andes SpA');
    await provider.getByLabel('Nombre de fantasía').fill('LabAndes');
    await provider.locator('#prv-companyPhone').fill('2 2345 6789');
    await choose(provider, 'prv-region', 'Metropolitana de Santiago');
    await choose(provider, 'prv-comunaId', 'Ñuñoa');
    await provider.locator('#prv-firstName').fill('Rosa');
    await provider.locator('#prv-lastName').fill('Pinto');
    await provider.locator('#prv-email').fill(ROSA.email);
    await provider.locator('#prv-password').fill(ROSA.password);
    await provider.getByRole('button', { name: 'Registrar mi laboratorio' }).click();
    await provider.getByText('Debes aceptar los términos y condiciones.').waitFor();
    await provider.getByLabel('Acepto los términos y condiciones').check();
    await provider.getByRole('button', { name: 'Registrar mi laboratorio' }).click();
    await expect(provider.locator('#prv-rut-error').textContent()).resolves.toContain('dígito verificador');
    await provider.locator('#prv-rut').fill('');
    await provider.locator('#prv-rut').pressSequentially('76354771k');
    await expect(provider.locator('#prv-rut').inputValue()).resolves.toBe('76.354.771-K');
    await provider.getByRole('button', { name: 'Registrar mi laboratorio' }).click();
    await provider.waitForURL(`${base}/registro-laboratorio/recibido`);
    await provider.getByRole('heading', { name: 'Recibimos la solicitud de tu laboratorio' }).waitFor();
    await provider.getByText(/pendiente de aprobación/).waitFor();
    const company = await t.prisma.company.findUniqueOrThrow({ where: { rut: '76354771-K' }, include: { comuna: true } });
    expect(company).toMatchObject({ tradeName: 'LabAndes', status: 'PENDING', phone: '+56 2 2345 6789', comuna: { name: 'Ñuñoa' } });
    await waitForMail(t.dataDir, ROSA.email, 'Recibimos la solicitud de tu laboratorio');

    // It signs in at /app/login and sees its company pending.
    await provider.getByRole('link', { name: 'Ingresar a la administración' }).click();
    await provider.waitForURL(`${base}/app/login`);
    await logIn(provider, ROSA);
    await provider.waitForURL(`${base}/app`);
    await provider.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Mi empresa' }).click();
    await provider.waitForURL(`${base}/app/my-company`);
    await provider.getByText(/Tu empresa está pendiente de aprobación/).waitFor();
    await expect(provider.locator('.cl-show').textContent()).resolves.toContain('76.354.771-K');

    // It cannot invite anyone while pending: the API's reason is on the form.
    await provider.goto(`${base}/app/users/new`);
    await provider.getByLabel('Nombre', { exact: true }).fill('Pedro');
    await provider.getByLabel('Apellido').fill('Soto');
    await provider.getByLabel('Correo electrónico').fill('pedro@labandes.cl');
    await provider.getByRole('button', { name: 'Enviar invitación' }).click();
    await provider.getByText(/aún no está aprobada/).waitFor();
    expect(await t.prisma.user.count({ where: { email: 'pedro@labandes.cl' } })).toBe(0);

    // The administrator finds it among the pending companies and approves it, after confirming.
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await admin.goto(`${base}/app/login`);
    await logIn(admin, ADMIN);
    await admin.waitForURL(`${base}/app`);
    await admin.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Empresas' }).click();
    await admin.waitForURL(`${base}/app/company`);
    await choose(admin, 'filter-status', 'Pendiente');
    await admin.waitForURL(/status=PENDING/);
    const row = admin.getByRole('row', { name: /LabAndes/ });
    await expect(row.textContent()).resolves.toContain('76.354.771-K');
    await admin.getByRole('link', { name: 'Ver LabAndes' }).click();
    await admin.waitForURL(`${base}/app/company/view/${company.id}`);
    await admin.getByText(/Empresa pendiente de aprobación/).waitFor();
    await admin.getByRole('button', { name: 'Aprobar' }).click();
    await admin.getByRole('dialog', { name: 'Aprobar LabAndes' }).getByRole('button', { name: 'Aprobar' }).click();
    await admin.getByText('Aprobamos LabAndes.').waitFor();
    await admin.getByText(/Empresa aprobada/).waitFor();
    expect((await t.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).status).toBe('APPROVED');
    await waitForMail(t.dataDir, ROSA.email, 'LabAndes ya está en CotizaLab');

    // The provider sees it approved.
    await provider.goto(`${base}/app/my-company`);
    await provider.getByText(/Tu empresa está aprobada/).waitFor();
    expect(await provider.getByText(/pendiente de aprobación/).count()).toBe(0);
  }, 120_000);

  it('rejects a company only with a reason, and its provider reads the reason on /app/my-company', async () => {
    await t.http.post('/api/auth/sign-up-provider').send({
      firstName: 'Luis', lastName: 'Vera', email: 'luis@labnorte.cl', password: 'clave-de-luis-12', rut: '76.086.428-5', legalName: 'Laboratorio Norte SpA', tradeName: 'LabNorte',
    });
    const company = await t.prisma.company.findUniqueOrThrow({ where: { rut: '76086428-5' } });
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await admin.goto(`${base}/app/login`);
    await logIn(admin, ADMIN);
    await admin.waitForURL(`${base}/app`);
    await admin.goto(`${base}/app/company/view/${company.id}`);
    await admin.getByRole('button', { name: 'Rechazar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Rechazar LabNorte' });
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await dialog.getByText(/al menos 5 caracteres/).waitFor();
    expect((await t.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).status).toBe('PENDING');
    await dialog.getByLabel('Motivo del rechazo').fill('La resolución sanitaria adjunta está vencida.');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await admin.getByText('Rechazamos LabNorte; le enviamos el motivo por correo.').waitFor();
    await admin.getByText(/Motivo: La resolución sanitaria adjunta está vencida\./).waitFor();
    const mail = await waitForMail(t.dataDir, 'luis@labnorte.cl', 'Sobre la solicitud de LabNorte');
    expect(mail.text).toContain('Motivo: La resolución sanitaria adjunta está vencida.');

    const provider = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await provider.goto(`${base}/app/login`);
    await logIn(provider, { email: 'luis@labnorte.cl', password: 'clave-de-luis-12' });
    await provider.waitForURL(`${base}/app`);
    await provider.goto(`${base}/app/my-company`);
    await provider.getByText('Tu empresa fue rechazada.').waitFor();
    await provider.getByText(/Motivo: La resolución sanitaria adjunta está vencida\./).waitFor();
    expect(await provider.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    await provider.goto(`${base}/app/my-company/edit`);
    await provider.getByText('Tu empresa fue rechazada: puedes consultar sus datos, pero no modificarlos.').waitFor();
  }, 120_000);

  it('fits every new screen at 390 and 1366 px wide (screenshots in SHOTS_DIR)', async () => {
    const approved = await t.prisma.company.findUniqueOrThrow({ where: { rut: '76354771-K' } });
    const withBranches = await t.prisma.company.findFirstOrThrow({ where: { laboratories: { some: {} } }, orderBy: { id: 'asc' } });
    const publicScreens: [string, string, string][] = [
      ['inicio', '/', 'Cotiza tus exámenes de laboratorio'],
      ['registro-laboratorio', '/registro-laboratorio', 'Publica los precios de tu laboratorio'],
      ['registro-laboratorio-recibido', '/registro-laboratorio/recibido', 'Recibimos la solicitud de tu laboratorio'],
    ];
    const adminScreens: [string, string, string][] = [
      ['empresas', '/app/company', 'Empresas'],
      ['empresa-nueva', '/app/company/new', 'Nueva empresa'],
      ['empresa-ver', `/app/company/view/${approved.id}`, 'LabAndes'],
      ['empresa-editar', `/app/company/edit/${approved.id}`, 'Editar empresa'],
      ['empresa-con-sucursales', `/app/company/view/${withBranches.id}`, withBranches.tradeName],
    ];
    const providerScreens: [string, string, string][] = [
      ['mi-empresa', '/app/my-company', 'LabAndes'],
      ['mi-empresa-editar', '/app/my-company/edit', 'Editar mi empresa'],
    ];
    const shoot = async (page: Page, name: string, path: string, heading: string, width: number) => {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('[aria-busy="true"], .p-datatable-loading-overlay').first().waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      expect({ name, width: await page.evaluate('document.documentElement.scrollWidth') }).toEqual({ name, width });
    };
    for (const width of [390, 1366]) {
      const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      for (const [name, path, heading] of publicScreens) await shoot(visitor, name, path, heading, width);
      await visitor.context().close();

      const admin = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await admin.goto(`${base}/app/login`);
      await logIn(admin, ADMIN);
      await admin.waitForURL(`${base}/app`);
      for (const [name, path, heading] of adminScreens) await shoot(admin, name, path, heading, width);
      // The reject dialog, over the view of a pending company.
      await admin.goto(`${base}/app/company/view/${approved.id}`);
      await admin.getByRole('button', { name: 'Retirar aprobación' }).click();
      await admin.getByRole('dialog').getByLabel('Motivo del rechazo').waitFor();
      await admin.locator('.p-dialog-enter-done').waitFor();
      await admin.screenshot({ path: `${SHOTS}/empresa-rechazar-${width}.png` });
      await admin.context().close();

      const provider = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await provider.goto(`${base}/app/login`);
      await logIn(provider, ROSA);
      await provider.waitForURL(`${base}/app`);
      for (const [name, path, heading] of providerScreens) await shoot(provider, name, path, heading, width);
      await provider.context().close();
    }
  }, 240_000);
});
