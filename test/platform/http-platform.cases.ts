import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';

describe('HTTP platform and locations', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    // A built web app inside a folder whose name starts with a dot, as in a clone under ~/.local/src/.
    webRoot = await mkdtemp(join(tmpdir(), 'cotizalab-web-'));
    const webDist = join(webRoot, '.clone', 'web', 'dist');
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>CotizaLab</title><div id="root"></div>');
    await writeFile(join(webDist, 'assets', 'app.js'), 'console.log("cotizalab");');
    await writeFile(join(webDist, '.secret'), 'not for the web');
    t = await startTestApp({ env: { WEB_DIST_DIR: webDist } });
  });

  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('serves the web app from a folder under a dot-folder: its files, and index.html for every page', async () => {
    // The home, searches and laboratory pages are written on the server (test/storefront/share-pages.browser.ts).
    for (const page of ['/preguntas-frecuentes', '/app/login', '/paquetes']) {
      const response = await t.http.get(page).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain('<div id="root"></div>');
    }
    const asset = await t.http.get('/assets/app.js').expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.text).toBe('console.log("cotizalab");');
    // Dot-files inside the web folder itself stay hidden.
    expect((await t.http.get('/.secret')).text).not.toContain('not for the web');
  });

  it('answers liveness and readiness in the envelope', async () => {
    await t.http.get('/api/health').expect(200, { code: 200, data: { status: 'ok' } });
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ code: 200, data: { status: 'ready', checks: { database: 'ok', queue: 'ok', queueKind: 'bullmq', search: 'ok', searchKind: 'postgres' }, delivery: { backlog: 0, oldestAgeSeconds: null } } });
  });

  it('lists the 16 regions north to south', async () => {
    const { body } = await t.http.get('/api/locations').expect(200);
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(16);
    expect(body.data[0]).toMatchObject({ code: '15', name: 'Arica y Parinacota', kind: 'REGION' });
    expect(body.data.at(-1)).toMatchObject({ code: '12', name: 'Magallanes y de la Antártica Chilena' });
  });

  it('lists the 52 comunas of the Metropolitana region', async () => {
    const regions = (await t.http.get('/api/locations')).body.data as { id: number; code: string }[];
    const metropolitana = regions.find((r) => r.code === '13')!;
    const { body } = await t.http.get(`/api/locations/children/${metropolitana.id}`).expect(200);
    expect(body.data).toHaveLength(52);
    const names = body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Santiago', 'Providencia', 'Ñuñoa', 'Puente Alto']));
    expect(body.data.every((c: { parentId: number }) => c.parentId === metropolitana.id)).toBe(true);
  });

  it('answers a missing region with 404 and a stable error key', async () => {
    const { body } = await t.http.get('/api/locations/children/999999').expect(404);
    expect(body).toEqual({ code: 404, data: null, error: 'LOCATION.NOT_FOUND', message: 'La región solicitada no existe.' });
  });

  it('treats a comuna id as no region', async () => {
    const comuna = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA' } });
    await t.http.get(`/api/locations/children/${comuna.id}`).expect(404);
  });

  it.each(['abc', '-1', '1.5', '99999999999', "1'%20OR%20'1'='1", '%3Cscript%3E'])('rejects the id %s with a per-field error, not a 500', async (id) => {
    const { body } = await t.http.get(`/api/locations/children/${id}`).expect(400);
    expect(body).toMatchObject({ code: 400, data: null, error: 'REQUEST.VALIDATION_FAILED' });
    expect(body.errors.id[0]).toEqual(expect.any(String));
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const { body } = await t.http.post('/api/no-such-thing').expect(404);
    expect(body).toEqual({ code: 404, data: null, error: 'ROUTE.NOT_FOUND', message: 'El recurso solicitado no existe.' });
  });

  it('answers malformed JSON and oversized bodies in the envelope', async () => {
    const malformed = await t.http.post('/api/locations').set('content-type', 'application/json').send('{"broken": ').expect(400);
    expect(malformed.body).toMatchObject({ code: 400, error: 'REQUEST.MALFORMED_BODY' });
    const huge = await t.http.post('/api/locations').set('content-type', 'application/json').send(JSON.stringify({ x: 'a'.repeat(2_000_000) })).expect(413);
    expect(huge.body).toMatchObject({ code: 413, error: 'REQUEST.TOO_LARGE', message: 'La solicitud es demasiado grande.' });
    const form = await t.http.post('/api/locations').type('form').send(`x=${'b'.repeat(2_000_000)}`).expect(413);
    expect(form.body.error).toBe('REQUEST.TOO_LARGE');
  });

  it('sends security headers and no framework banner', async () => {
    const response = await t.http.get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets no cache keep an answer to a signed-in call', async () => {
    const signedIn = await t.http.post('/api/auth/sign-in').send({ email: ADMIN.email, password: ADMIN.password });
    const token = signedIn.body.data.tokenData.accessToken as string;
    expect((await t.http.get('/api/auth/user').set('Authorization', `Bearer ${token}`)).headers['cache-control']).toBe('no-store');
    expect((await t.http.get('/api/locations')).headers['cache-control']).not.toBe('no-store');
  });
});
