// Screenshots of every public route at a phone and a desktop width, for looking at what we build.
// Usage: npm run screenshots -- [base URL, default http://localhost:3000] [output dir, default .data/screenshots]
// With SCREENSHOT_EMAIL and SCREENSHOT_PASSWORD it also signs in and shoots /panel and /editar-datos.
import { mkdir } from 'node:fs/promises';
import { launchChromium } from '../test/support/browser.ts';

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
];
const WIDTHS = [390, 1366];

await mkdir(out, { recursive: true });
const browser = await launchChromium();
const { SCREENSHOT_EMAIL: email, SCREENSHOT_PASSWORD: password } = process.env;
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  for (const [name, path] of ROUTES) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  if (email && password) {
    await page.goto(`${base}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/panel$/);
    for (const name of ['panel', 'editar-datos']) {
      await page.goto(`${base}/${name}`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    }
    await page.evaluate(() => localStorage.clear());
  }
  await page.close();
}
await browser.close();
console.log(`Screenshots of ${ROUTES.length} routes at ${WIDTHS.join(' and ')} px in ${out}`);
