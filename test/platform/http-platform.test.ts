import { startTestApp, type TestApp } from '../support/app';

describe('HTTP platform and locations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness in the envelope', async () => {
    await t.http.get('/api/health').expect(200, { code: 200, data: { status: 'ok' } });
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ code: 200, data: { status: 'ready', checks: { database: 'ok', queue: 'ok', queueKind: 'bullmq', search: 'ok', searchKind: 'postgres' } } });
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

  it('publishes the OpenAPI description', async () => {
    const { body } = await t.http.get('/api/docs-json').expect(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/locations', '/api/locations/children/{id}', '/api/health/ready']));
  });
});
