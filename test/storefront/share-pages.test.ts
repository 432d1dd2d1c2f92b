import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { clp } from '../support/format';

/**
 * What crawlers and chat previews read (issue 18, item 4), and how long browsers may keep the web
 * app's files (item 2). A built web app of two files stands in for the real one.
 */
describe('pages that share well', () => {
  let t: TestApp;
  let webRoot: string;
  const INDEX = '<!doctype html><html lang="es-CL"><head>\n<meta name="description" content="Cotiza y compara." />\n<title>CotizaLab</title>\n</head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'cotizalab-share-'));
    await mkdir(join(webRoot, 'assets'), { recursive: true });
    await writeFile(join(webRoot, 'index.html'), INDEX);
    await writeFile(join(webRoot, 'assets', 'index-3f9a1c.js'), 'console.log("cotizalab");');
    t = await startTestApp({ seedLabs: 6, env: { WEB_DIST_DIR: webRoot, PUBLIC_URL: 'https://cotizalab.example' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const publicLab = () => t.prisma.laboratory.findFirstOrThrow({ where: { isActive: true, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED', isActive: true } } }, include: { comuna: true }, orderBy: { id: 'asc' } });

  it('tells crawlers what to read: robots.txt and a sitemap of every public laboratory only', async () => {
    const robots = await t.http.get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toContain('Disallow: /app/');
    expect(robots.text).toContain('Sitemap: https://cotizalab.example/sitemap.xml');

    const lab = await publicLab();
    const closed = await t.prisma.laboratory.update({ where: { id: (await t.prisma.laboratory.findFirstOrThrow({ where: { id: { not: lab.id } }, orderBy: { id: 'desc' } })).id }, data: { isActive: false } });
    const sitemap = await t.http.get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain(`<loc>https://cotizalab.example/laboratorio/${lab.id}</loc>`);
    expect(sitemap.text).not.toContain(`/laboratorio/${closed.id}<`);
    expect(sitemap.text).toContain('<loc>https://cotizalab.example/buscador</loc>');
  });

  it('introduces a laboratory link with its name, address and, for a shared order, what the order costs there', async () => {
    const lab = await publicLab();
    const plain = await t.http.get(`/laboratorio/${lab.id}`);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain(`<title>${lab.identifierName} · ${lab.comuna.name} · CotizaLab</title>`);
    expect(plain.text).toContain(`<meta property="og:title" content="${lab.identifierName} · ${lab.comuna.name} · CotizaLab" />`);
    expect(plain.text).toContain(`${lab.addressLine1}, ${lab.comuna.name}.`);
    expect(plain.text).toContain('<div id="root"></div>');

    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', isActive: true }, orderBy: { examId: 'asc' }, take: 2 });
    const order = await t.http.get(`/laboratorio/${lab.id}?examenes=${offers.map((o) => o.examId).join(',')}`);
    expect(order.text).toContain(`Tu orden de ${offers.length} exámenes: ${clp(offers.reduce((s, o) => s + o.price, 0))} (precio particular).`);
    expect(order.text).toContain(`<meta property="og:url" content="https://cotizalab.example/laboratorio/${lab.id}?examenes=${offers.map((o) => o.examId).join(',')}" />`);
  });

  it('answers 404 with the web app for a laboratory that is not public or an id that is not one', async () => {
    for (const path of ['/laboratorio/999999', '/laboratorio/0x10', '/laboratorio/abc']) {
      const answer = await t.http.get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.text).toContain('<div id="root"></div>');
      expect(answer.text).not.toContain('og:title');
    }
  });

  it('lets browsers keep the content-named assets for a year and revalidate every page', async () => {
    expect((await t.http.get('/assets/index-3f9a1c.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http.get('/buscador')).headers['cache-control']).toBe('no-cache');
    expect((await t.http.get(`/laboratorio/${(await publicLab()).id}`)).headers['cache-control']).toBe('no-cache');
  });
});
