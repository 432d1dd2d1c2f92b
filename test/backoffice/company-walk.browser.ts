import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { keepScreenshot } from '../support/screenshots';
import { addPrice, authorizeInQueue, choose, dottedCode, logIn, lookAtBothWidths, signedInPage } from '../support/backoffice';
import { waitForMail } from '../support/mailbox';
import { waitFor } from '../support/wait';
import { clp } from '../support/format';

const ROSA = { email: 'rosa@labandes.cl', password: 'clave-de-rosa-12' };
const OTHER = { email: 'prv@otro-laboratorio.cl', password: 'clave-del-otro-12' };
const REJECTION = 'El precio no coincide con el que publican en su sitio web.';

describe('a laboratory registers on the storefront, is approved in /app/company and has its prices quoted', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(4));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('registers → cannot invite while pending → approved → completes its branch and adds three prices → two authorized in one bulk action, one rejected with a reason → the two quoted on /buscador → the provider reads the reason → another provider cannot open the branch', async () => {
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
    // Its home says so first.
    await provider.getByText('LabAndes espera la aprobación de un administrador', { exact: false }).waitFor();
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

    // Its first branch is there, in the comuna it gave: it completes the address, phone, FONASA level and insurers.
    await provider.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Laboratorios' }).click();
    await provider.waitForURL(`${base}/app/laboratories`);
    await provider.getByRole('link', { name: 'Editar LabAndes' }).click();
    const branch = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: company.id } });
    await provider.waitForURL(`${base}/app/laboratories/edit/${branch.id}`);
    await provider.getByLabel('Nombre de la sucursal').fill('LabAndes Ñuñoa');
    await provider.getByLabel('Dirección', { exact: true }).fill('Av. Irarrázaval 3050');
    await provider.getByLabel('Teléfono').fill('22 345 6789');
    await choose(provider, 'laboratories-fonasaLevel', 'Nivel 1');
    await provider.locator('.p-multiselect:has(#laboratories-insurerIds)').click();
    await provider.locator('.p-multiselect-panel').getByRole('option', { name: 'FONASA (Fondo Nacional de Salud)' }).click();
    await provider.keyboard.press('Escape');
    await provider.getByRole('button', { name: 'Guardar' }).click();
    await provider.waitForURL(`${base}/app/laboratories/view/${branch.id}`);
    expect(await t.prisma.laboratory.findUniqueOrThrow({ where: { id: branch.id } })).toMatchObject({ identifierName: 'LabAndes Ñuñoa', addressLine1: 'Av. Irarrázaval 3050', comunaId: company.comunaId, fonasaLevel: 1 });
    // The branch the sign-up created says it is the one to complete, and that it is not public before a price.
    await provider.getByText('Si es la que registraste con tu empresa, complétala aquí', { exact: false }).waitFor();

    // Three prices from the catalogue, each at half its FONASA value (cheaper than every seeded laboratory).
    const exams = await t.prisma.exam.findMany({ where: { code: { in: ['0301045', '0302076', '0303024'] } }, orderBy: { code: 'asc' } });
    await provider.getByRole('tab', { name: 'Precios' }).click();
    for (const exam of exams) await addPrice(provider, exam.code, Math.round(exam.fonasaPriceLevel1! / 2));
    const offers = await waitFor(() => t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch.id }, orderBy: { exam: { code: 'asc' } } }), (rows) => rows.length === 3);
    expect(offers.map((o) => o.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    // The administrator authorizes two in one bulk action and rejects the third with a reason.
    await admin.goto(`${base}/app/authorized-examinations?laboratoryId=${branch.id}`);
    const [first, second, third] = exams;
    await admin.getByRole('row').filter({ hasText: third.code }).waitFor();
    await authorizeInQueue(admin, [first.code, second.code]);
    await admin.getByRole('row').filter({ hasText: third.code }).getByRole('checkbox').first().click();
    await admin.getByRole('region', { name: 'Acciones sobre la selección' }).getByRole('button', { name: 'Rechazar' }).click();
    const rejecting = admin.getByRole('dialog', { name: 'Rechazar 1 precio' });
    await rejecting.getByLabel('Motivo del rechazo (lo verá el laboratorio)').fill(REJECTION);
    await rejecting.getByRole('button', { name: 'Rechazar' }).click();
    await admin.getByText('Rechazamos el precio.').waitFor();

    // Both authorized prices are quoted on /buscador at LabAndes, the cheapest; the rejected one is not.
    const patient = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const exam of [first, second]) {
      await patient.goto(`${base}/buscador?examenes=${exam.id}&orden=total`);
      const card = patient.getByTestId('quote').first();
      await expect(card.getByRole('heading').textContent()).resolves.toBe('LabAndes Ñuñoa');
      await expect(card.getByTestId('quote-total').textContent()).resolves.toBe(clp(Math.round(exam.fonasaPriceLevel1! / 2)));
    }
    await patient.goto(`${base}/buscador?examenes=${third.id}&orden=total`);
    await patient.getByTestId('quote').first().waitFor();
    expect(await patient.getByTestId('quote').filter({ hasText: 'LabAndes' }).count()).toBe(0);

    // The provider reads why on its prices tab.
    await provider.goto(`${base}/app/laboratories/view/${branch.id}`);
    await provider.getByRole('tab', { name: 'Precios' }).click();
    const rejectedRow = provider.locator('.cl-lab-prices__table tbody tr', { hasText: dottedCode(third.code) });
    await expect(rejectedRow.textContent()).resolves.toContain(`Motivo: ${REJECTION}`);
    expect(await provider.locator('.cl-lab-prices__table').getByText('Autorizado', { exact: true }).count()).toBe(2);

    // A provider of another company, opening this branch by its address, is told it does not exist.
    const otherCompany = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED', id: { not: company.id } }, orderBy: { id: 'asc' } });
    await createProvider(t, (await signIn(t, ADMIN.email, ADMIN.password)).token, otherCompany.id, OTHER.email, OTHER.password);
    const other = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await other.goto(`${base}/app/login`);
    await logIn(other, OTHER);
    await other.waitForURL(`${base}/app`);
    await other.goto(`${base}/app/laboratories/view/${branch.id}`);
    await other.getByText('El laboratorio solicitado no existe.').waitFor();
    expect(await other.getByText('Av. Irarrázaval').count()).toBe(0);
  }, 240_000);

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

  it('creates an API key on /app/my-company, shows its secret once with a warning, and revokes it', async () => {
    const company = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED', laboratories: { some: {} } }, orderBy: { id: 'desc' } });
    const who = { email: 'integraciones@laboratorio.cl', password: 'clave-integraciones-1' };
    await createProvider(t, (await signIn(t, ADMIN.email, ADMIN.password)).token, company.id, who.email, who.password);
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, who);
    await page.waitForURL(`${base}/app`);
    await page.goto(`${base}/app/my-company`);
    const section = page.getByRole('region', { name: 'Claves de API' });
    await section.getByText('Tu empresa aún no tiene claves de API.').waitFor();

    await section.getByLabel('Nombre de la clave').fill('ERP casa matriz');
    await section.getByRole('button', { name: 'Crear clave' }).click();
    await section.getByText('no la volveremos a mostrar').waitFor();
    const secret = await section.locator('#api-key-secret').inputValue();
    expect(secret).toMatch(/^clk_live_/);
    await section.getByTestId('api-key').filter({ hasText: 'ERP casa matriz' }).getByText(`${secret.slice(0, 17)}…`).waitFor();
    expect((await t.http.post('/api/laboratory-exam/search').set('Authorization', `Bearer ${secret}`).send({})).body.code).toBe(200);
    await lookAtBothWidths(page, 'claves-api-creada');

    // Once put away, the secret is nowhere on the page, nor after a reload: only its prefix.
    await section.getByRole('button', { name: 'Ya la guardé' }).click();
    await page.reload();
    await section.getByTestId('api-key').filter({ hasText: 'ERP casa matriz' }).waitFor();
    expect(await page.content()).not.toContain(secret.slice(17));

    await section.getByRole('button', { name: 'Revocar ERP casa matriz' }).click();
    await page.getByRole('dialog', { name: 'Revocar «ERP casa matriz»' }).getByRole('button', { name: 'Revocar clave' }).click();
    await page.getByText('Revocamos la clave «ERP casa matriz».').waitFor();
    await section.getByTestId('api-key').filter({ hasText: 'ERP casa matriz' }).getByText('Revocada', { exact: true }).waitFor();
    expect((await t.http.post('/api/laboratory-exam/search').set('Authorization', `Bearer ${secret}`).send({})).body).toMatchObject({ code: 401, error: 'AUTH.INVALID_API_KEY' });
    await lookAtBothWidths(page, 'claves-api-revocada');
    await page.context().close();
  }, 120_000);

  it('registers a webhook on /app/my-company, shows its secret once, and lists its deliveries with "Reenviar"', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const company = await t.prisma.company.findFirstOrThrow({ where: { status: 'APPROVED', laboratories: { some: {} } }, orderBy: { id: 'desc' } });
    const who = { email: 'webhooks@laboratorio.cl', password: 'clave-webhooks-123' };
    const adminToken = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const { token } = await createProvider(t, adminToken, company.id, who.email, who.password);
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await page.goto(`${base}/app/login`);
    await logIn(page, who);
    await page.waitForURL(`${base}/app`);
    await page.goto(`${base}/app/my-company`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('Tu empresa aún no tiene webhooks.').waitFor();

    // A URL that is not https (outside localhost) is refused in place.
    await section.getByLabel('URL de tu sistema').fill('http://10.0.0.1/hooks');
    await section.getByRole('button', { name: 'Registrar webhook' }).click();
    await section.getByText('La URL debe comenzar con https://').waitFor();
    await section.getByLabel('URL de tu sistema').fill(hookUrl);
    await section.getByLabel(/Orden pagada/).check();
    await section.getByRole('button', { name: 'Registrar webhook' }).click();
    await section.getByText('No lo volveremos a mostrar').waitFor();
    expect(await section.locator('#webhook-secret').inputValue()).toMatch(/^whsec_/);
    await section.getByTestId('webhook-endpoint').filter({ hasText: hookUrl }).waitFor();
    await lookAtBothWidths(page, 'webhooks-registrado');

    // An administrator authorizes one of the company's prices: the server receives it, and the log shows it.
    const laboratory = await t.prisma.laboratory.findFirstOrThrow({ where: { companyId: company.id }, orderBy: { id: 'asc' } });
    const offered = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: laboratory.id }, select: { examId: true } })).map((r) => r.examId);
    const exam = await t.prisma.exam.findFirstOrThrow({ where: { id: { notIn: offered }, isActive: true }, orderBy: { id: 'asc' } });
    const price = (await t.http.post('/api/laboratory-exam').set('Authorization', `Bearer ${token}`).send({ laboratoryId: laboratory.id, examId: exam.id, price: 14300 })).body.data;
    await t.http.post('/api/laboratory-exam/authorize').set('Authorization', `Bearer ${adminToken}`).send({ ids: [price.id] });
    await waitFor(async () => received.length, (n) => n >= 1);
    expect(JSON.parse(received[0])).toMatchObject({ type: 'price.authorized', data: { prices: [{ laboratoryExamId: price.id, price: 14300 }] } });
    await section.getByRole('button', { name: 'Ya lo guardé' }).click();
    await page.reload();
    const delivery = section.getByTestId('webhook-delivery').filter({ hasText: 'price.authorized' });
    await delivery.getByText('Entregado').waitFor();
    await delivery.getByText(/1 intento · respuesta 200/).waitFor();
    await delivery.getByRole('button', { name: /^Reenviar/ }).click();
    await page.getByText('Reenviaremos el evento en unos segundos.').waitFor();
    await waitFor(async () => received.length, (n) => n >= 2);
    expect(received[1]).toBe(received[0]);
    await lookAtBothWidths(page, 'webhooks-envios');
    await page.context().close();
    server.close();
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
    // Each screen loaded once and looked at in both widths (the window resized under it).
    const look = async (page: Page, name: string, path: string, heading: string) => {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('[aria-busy="true"], .p-datatable-loading-overlay').first().waitFor({ state: 'detached' });
      await lookAtBothWidths(page, name);
    };
    const visitor = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    for (const [name, path, heading] of publicScreens) await look(visitor, name, path, heading);
    await visitor.context().close();

    const admin = await signedInPage(browser, base, ADMIN);
    for (const [name, path, heading] of adminScreens) await look(admin, name, path, heading);
    // The reject dialog, over the view of a pending company.
    await admin.goto(`${base}/app/company/view/${approved.id}`);
    await admin.getByRole('button', { name: 'Retirar aprobación' }).click();
    await admin.getByRole('dialog').getByLabel('Motivo del rechazo').waitFor();
    await admin.locator('.p-dialog-enter-done').waitFor();
    for (const width of [390, 1366]) {
      await admin.setViewportSize({ width, height: 900 });
      await keepScreenshot(admin, `empresa-rechazar-${width}`, { fullPage: false });
    }
    await admin.context().close();

    const provider = await signedInPage(browser, base, ROSA);
    for (const [name, path, heading] of providerScreens) await look(provider, name, path, heading);
    await provider.context().close();
  }, 240_000);
});
