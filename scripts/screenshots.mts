// Screenshots of every public route at a phone and a desktop width, for looking at what we build.
// Usage: npm run screenshots -- [base URL, default http://localhost:3000] [output dir, default .data/screenshots]
// With SCREENSHOT_EMAIL and SCREENSHOT_PASSWORD it also signs in and shoots /panel and /editar-datos, and,
// when that account is an administrator, the back office's screens. Pages wider than the window are named.
import { mkdir } from 'node:fs/promises';
import { launchChromium } from '../test/support/chromium.ts';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '.data/screenshots';
const ROUTES = [
  ['home', '/'],
  ['buscador', '/buscador?examenes=28,87&region=7&comuna=121&cercanas=1&prevision=1&orden=total'],
  ['buscador-vacio', '/buscador'],
  ['laboratorio', '/laboratorio/25'],
  ['contacto', '/contacto'],
  ['contact-success', '/contact-success'],
  ['login', '/login'],
  ['registro', '/registro'],
  ['register-success', '/register-success'],
  ['reset-password', '/reset-password?token=abcdefghijklmnopqrstuvwxyz'],
  ['preguntas-frecuentes', '/preguntas-frecuentes'],
  ['terminos-y-condiciones', '/terminos-y-condiciones'],
  ['404', '/no-existe'],
  ['app-login', '/app/login'],
];
// Ids 1 exist in every seeded database (the first FONASA exam, the first select list).
const BACK_OFFICE = [
  ['app', '/app'],
  ['app-exams', '/app/exams'],
  ['app-exam-new', '/app/exams/new'],
  ['app-exam-view', '/app/exams/view/1'],
  ['app-exam-edit', '/app/exams/edit/1'],
  ['app-select-lists', '/app/maintainers/select-lists'],
  ['app-select-list-new', '/app/maintainers/select-lists/new'],
  ['app-select-list-view', '/app/maintainers/select-lists/view/1'],
  ['app-select-list-edit', '/app/maintainers/select-lists/edit/1'],
  ['app-404', '/app/no-existe'],
];
const overflowing: string[] = [];
const WIDTHS = [390, 1366];

async function shoot(page: import('playwright-core').Page, name: string, path: string, width: number) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) overflowing.push(`${name} at ${width} px is ${scrollWidth} px wide`);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
}

await mkdir(out, { recursive: true });
const browser = await launchChromium();
const { SCREENSHOT_EMAIL: email, SCREENSHOT_PASSWORD: password } = process.env;
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  for (const [name, path] of ROUTES) {
    await shoot(page, name, path, width);
  }
  if (email && password) {
    await page.goto(`${base}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/panel$/);
    for (const name of ['panel', 'editar-datos']) await shoot(page, name, `/${name}`, width);
    const profile = await page.evaluate(() => fetch('/api/auth/user', { headers: { Authorization: `Bearer ${localStorage.getItem('NB_TOKEN')}` } }).then((r) => r.json()));
    if (profile.data?.person?.profile?.code === 'ADM') for (const [name, path] of BACK_OFFICE) await shoot(page, name, path, width);
    await page.evaluate(() => localStorage.clear());
  }
  await page.close();
}
await browser.close();
console.log(`Screenshots of ${ROUTES.length} routes at ${WIDTHS.join(' and ')} px in ${out}`);
for (const line of overflowing) console.log(`Wider than the window: ${line}`);
