import type { Browser, Page } from 'playwright-core';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import type { TestApp } from '../support/app';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import { keepScreenshot } from '../support/screenshots';
import { logIn, choose, lookAtBothWidths, signedInPage } from '../support/backoffice';
import { waitForMail } from '../support/mailbox';
import { waitFor } from '../support/wait';

const INVITEE = { email: 'tecnologa@labandes.cl', password: 'clave de la tecnóloga 1' };
const NEW_ADMIN = { email: 'segunda.admin@cotizalab.test', password: 'clave de la segunda admin' };

/** Whether a table scrolls sideways inside its wrapper (a column out of sight). Runs in the page. */

describe('an administrator runs accounts in the back office', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let companyId: number;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(0));
    const { token } = await signIn(t, ADMIN.email, ADMIN.password);
    const created = await t.http.post('/api/company').set('Authorization', `Bearer ${token}`).send({ rut: '76.086.428-5', legalName: 'Laboratorio Los Andes SpA', tradeName: 'LabAndes' });
    companyId = created.body.data.id;
    await t.http.post(`/api/company/${companyId}/approve`).set('Authorization', `Bearer ${token}`).send({});
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it('invites a provider user who sets a password and signs in; finds, deactivates them; creates another administrator', async () => {
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    admin.setDefaultTimeout(15_000);
    await admin.goto(`${base}/app/login`);
    await logIn(admin, ADMIN);
    await admin.waitForURL(`${base}/app`);

    // The invitation, from the menu.
    await admin.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Usuarios', exact: true }).click();
    await admin.waitForURL(`${base}/app/users`);
    await admin.getByRole('link', { name: 'Invitar usuario' }).click();
    await admin.getByRole('heading', { name: 'Invitar usuario' }).waitFor();
    await admin.getByLabel('Nombre', { exact: true }).fill('Tamara');
    await admin.getByLabel('Apellido', { exact: true }).fill('Tecnóloga');
    await admin.getByLabel('Correo electrónico').fill(INVITEE.email);
    await admin.getByLabel('Teléfono (opcional)').fill('+56 9 8765 4321');
    // A provider user needs a company: the form says so before sending.
    await choose(admin, 'invite-profileCode', 'Proveedor');
    await admin.getByRole('button', { name: 'Enviar invitación' }).click();
    await admin.getByText('Elige la empresa del usuario proveedor.').waitFor();
    await choose(admin, 'invite-companyId', 'LabAndes');
    await admin.getByRole('button', { name: 'Enviar invitación' }).click();
    await admin.waitForURL(`${base}/app/users`);
    await admin.getByText(`Enviamos la invitación a ${INVITEE.email}.`).waitFor();

    // The invitee: the mail's link, a password, then the back office.
    const mail = await waitForMail(t.dataDir, INVITEE.email, 'Te crearon una cuenta');
    expect(mail.text).toContain('LabAndes');
    const link = /\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
    const invitee = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
    invitee.setDefaultTimeout(15_000);
    await invitee.goto(`${base}${link}`);
    await invitee.getByRole('textbox', { name: 'Nueva contraseña' }).fill(INVITEE.password);
    await invitee.getByRole('button', { name: 'Guardar contraseña' }).click();
    await invitee.getByText('Listo: ya puedes ingresar con tu nueva contraseña.').waitFor();
    await invitee.goto(`${base}/app/login`);
    await logIn(invitee, INVITEE);
    await invitee.waitForURL(`${base}/app`);
    // A provider sees its company's users, not the administrators' maintainers.
    await invitee.goto(`${base}/app/users`);
    await invitee.getByRole('cell', { name: 'Tamara Tecnóloga' }).first().waitFor();
    expect(await invitee.getByRole('link', { name: 'Administradores' }).count()).toBe(0);

    // The administrator finds her by name, sees her profile and company, and deactivates her.
    await admin.getByLabel('Nombre', { exact: true }).fill('tamara tecnologa');
    await admin.waitForURL(/fullName=tamara/);
    // Only her row is left (the administrator, also a "user", no longer shows).
    expect(await waitFor(() => admin.getByRole('row', { name: /Administrador CotizaLab/ }).count(), (n) => n === 0)).toBe(0);
    const row = admin.getByRole('row', { name: /Tamara Tecnóloga/ });
    await expect(row.textContent()).resolves.toContain('Tamara Tecnóloga');
    await expect(row.textContent()).resolves.toContain('LabAndes');
    await expect(row.textContent()).resolves.toContain('Proveedor');
    await admin.getByRole('link', { name: 'Ver Tamara Tecnóloga' }).click();
    await admin.getByRole('heading', { name: 'Tamara Tecnóloga' }).waitFor();
    await expect(admin.getByRole('region', { name: 'Detalle' }).textContent()).resolves.toContain('+56 9 8765 4321');
    // Her audit timeline says who created the account.
    await admin.getByText('Creó la persona').first().waitFor();
    await admin.getByRole('button', { name: 'Desactivar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
    await admin.waitForURL(`${base}/app/users`);
    await admin.getByText('Desactivamos la cuenta.').waitFor();

    // Her open session ends, and she cannot sign in again.
    await invitee.reload();
    await invitee.waitForURL(/\/app\/login/);
    await logIn(invitee, INVITEE);
    await invitee.getByText('El correo o la contraseña no son correctos.').waitFor();
    expect((await t.http.post('/api/auth/sign-in').send(INVITEE)).body.code).toBe(401);

    // She was deactivated by mistake: the administrator finds her among the deactivated and reactivates her.
    expect(await admin.getByRole('row', { name: /Tamara Tecnóloga/ }).count()).toBe(0);
    await choose(admin, 'filter-status', 'Desactivadas');
    await admin.waitForURL(/status=inactive/);
    await admin.getByRole('link', { name: 'Ver Tamara Tecnóloga' }).click();
    await admin.getByRole('heading', { name: 'Tamara Tecnóloga' }).waitFor();
    await admin.getByRole('region', { name: 'Detalle' }).getByText('Inactiva').waitFor();
    await admin.getByRole('button', { name: 'Reactivar' }).click();
    await admin.getByRole('dialog', { name: 'Reactivar a Tamara Tecnóloga' }).getByRole('button', { name: 'Reactivar' }).click();
    await admin.getByText('Reactivamos la cuenta de Tamara Tecnóloga.').waitFor();
    await admin.getByRole('button', { name: 'Desactivar' }).waitFor();
    // She signs in again and is back where her session had ended.
    await logIn(invitee, INVITEE);
    await invitee.waitForURL(`${base}/app/users`);

    // Another administrator, with the password chosen for them.
    await admin.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Administradores' }).click();
    await admin.waitForURL(`${base}/app/maintainers/administrators`);
    await admin.getByRole('link', { name: 'Nuevo administrador' }).click();
    await admin.getByRole('heading', { name: 'Nuevo administrador' }).waitFor();
    await admin.getByLabel('Nombre', { exact: true }).fill('Segunda');
    await admin.getByLabel('Apellido', { exact: true }).fill('Administradora');
    await admin.getByLabel('Correo electrónico').fill(NEW_ADMIN.email);
    await admin.getByLabel('Contraseña', { exact: true }).fill('corta');
    await admin.getByRole('button', { name: 'Crear administrador' }).click();
    await admin.getByText('La contraseña debe tener al menos 10 caracteres.').waitFor();
    await admin.getByLabel('Contraseña', { exact: true }).fill(NEW_ADMIN.password);
    await admin.getByRole('button', { name: 'Crear administrador' }).click();
    await admin.getByRole('heading', { name: 'Segunda Administradora' }).waitFor();
    await admin.getByRole('link', { name: 'Volver a la lista' }).click();
    await admin.getByRole('cell', { name: 'Segunda Administradora' }).first().waitFor();
    const { token } = await signIn(t, NEW_ADMIN.email, NEW_ADMIN.password);
    expect((await t.http.get('/api/auth/user').set('Authorization', `Bearer ${token}`)).body.data.person.profile.code).toBe('ADM');
  }, 120_000);

  it('fits every screen at 390 and 1366 px wide (screenshots in SHOTS_DIR)', async () => {
    const person = await t.prisma.person.findFirstOrThrow({ where: { user: { email: NEW_ADMIN.email } } });
    const { token } = await signIn(t, ADMIN.email, ADMIN.password);
    const provider = { email: 'encargada@labandes.cl', password: 'clave de la encargada 1' };
    const { personId } = await createProvider(t, token, companyId, provider.email, provider.password);
    const screens: [string, string, string][] = [
      ['usuarios', '/app/users', 'Usuarios'],
      ['usuario-ver', `/app/users/view/${personId}`, `Proveedor ${provider.email}`],
      ['usuario-editar', `/app/users/edit/${personId}`, 'Editar usuario'],
      ['usuarios-invitar', '/app/users/new', 'Invitar usuario'],
      ['administradores', '/app/maintainers/administrators', 'Administradores'],
      ['administradores-nuevo', '/app/maintainers/administrators/new', 'Nuevo administrador'],
      ['administrador-ver', `/app/maintainers/administrators/view/${person.id}`, 'Segunda Administradora'],
      ['administrador-editar', `/app/maintainers/administrators/edit/${person.id}`, 'Editar administrador'],
    ];
    // Each screen loaded once and looked at in both widths (the window resized under it).
    const look = async (page: Page, name: string, path: string, heading: string) => {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('[aria-busy="true"], .p-datatable-loading-overlay').first().waitFor({ state: 'detached' });
      await lookAtBothWidths(page, name, { wholeTables: true });
    };
    const page = await signedInPage(browser, base, ADMIN);
    page.setDefaultTimeout(15_000);
    for (const [name, path, heading] of screens) await look(page, name, path, heading);
    // The set-password dialog, over the view of the new administrator.
    await page.goto(`${base}/app/maintainers/administrators/view/${person.id}`);
    await page.getByRole('button', { name: 'Fijar contraseña' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Nueva contraseña' }).waitFor();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `fijar-contrasena-${width}`, { fullPage: false });
    }
    await page.context().close();

    // What a provider sees: its company's users and the invitation without profile or company.
    const prv = await signedInPage(browser, base, provider);
    prv.setDefaultTimeout(15_000);
    for (const [name, path, heading] of [['proveedor-usuarios', '/app/users', 'Usuarios'], ['proveedor-invitar', '/app/users/new', 'Invitar usuario']]) await look(prv, name, path, heading);
    expect(await prv.getByLabel('Perfil').count()).toBe(0);
    await prv.context().close();
  }, 180_000);
});
