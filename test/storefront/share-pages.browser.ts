import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { clp } from '../support/format';
import { WEB_DIST } from '../support/browser';

/**
 * What crawlers and chat previews read (issue 18, item 4), and how long browsers may keep the web
 * app's files (item 2). A built web app of two files stands in for the real one, beside the real build's server
 * bundle (ssr/, `npm run build:web`), which renders the public pages (issue 29, item 2).
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
    await writeFile(join(webRoot, 'assets', 'index-3f9a1c.js.map'), '{"version":3,"sources":["../../src/secret.ts"]}');
    if (!existsSync(join(WEB_DIST, 'ssr', 'entry-server.cjs'))) throw new Error(`no server bundle in ${WEB_DIST}/ssr: run \`npm run build:web\` first (\`npm test\` does)`);
    await cp(join(WEB_DIST, 'ssr'), join(webRoot, 'ssr'), { recursive: true });
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
    // A branch with no price yet (as a company's sign-up leaves it) is no page to crawl.
    const empty = await t.prisma.laboratory.create({ data: { companyId: lab.companyId, identifierName: 'Sucursal por completar', addressLine1: 'Calle 1', comunaId: lab.comunaId } });
    expect((await t.http.get('/sitemap.xml')).text).not.toContain(`/laboratorio/${empty.id}<`);
    expect(sitemap.text).toContain('<loc>https://cotizalab.example/buscador</loc>');
  });

  it('introduces a laboratory link with its name, address and, for a shared order, what the order costs there', async () => {
    const lab = await publicLab();
    const plain = await t.http.get(`/laboratorio/${lab.id}`);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain(`<title>${lab.identifierName} · ${lab.comuna.name} · CotizaLab</title>`);
    expect(plain.text).toContain(`<meta property="og:title" content="${lab.identifierName} · ${lab.comuna.name} · CotizaLab" />`);
    expect(plain.text).toContain(`${lab.addressLine1}, ${lab.comuna.name}.`);
    // The page is in the HTML as the web app renders it, for a phone to paint before the JavaScript (which hydrates
    // it), and its data goes along.
    expect(plain.text).toContain('<div id="root" data-ssr>');
    expect(plain.text).toContain(`<h1 class="cl-page-title">${lab.identifierName}</h1>`);
    expect(plain.text).toContain('<h2 id="exams-title">Exámenes y precios</h2>');
    expect(plain.text).toContain(`<script type="application/json" id="cl-preloaded">{"POST /api/laboratory/${lab.id}/search {\\"currentPage\\":1,\\"perPage\\":20}":{"laboratory":{"id":${lab.id},`);

    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', isActive: true }, orderBy: { examId: 'asc' }, take: 2 });
    const order = await t.http.get(`/laboratorio/${lab.id}?examenes=${offers.map((o) => o.examId).join(',')}`);
    expect(order.text).toContain(`Tu orden de ${offers.length} exámenes: ${clp(offers.reduce((s, o) => s + o.price, 0))} (precio particular).`);
    expect(order.text).toContain(`<meta property="og:url" content="https://cotizalab.example/laboratorio/${lab.id}?examenes=${offers.map((o) => o.examId).join(',')}" />`);
  });

  it('introduces a search link with its exams, its place and the price range of the order there', async () => {
    const lab = await publicLab();
    const offers = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', isActive: true }, include: { exam: true }, orderBy: { examId: 'asc' }, take: 3 });
    const examIds = offers.map((o) => o.examId);
    const fonasa = await t.prisma.insurer.findUniqueOrThrow({ where: { code: 'fonasa' } });
    const shared = await t.http.get(`/buscador?examenes=${examIds.join(',')}&region=${lab.comuna.parentId}&comuna=${lab.comunaId}&prevision=${fonasa.id}&orden=total&utm_source=chat`);
    expect(shared.status).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-cache');

    // What the same order costs at every public laboratory of the comuna that does all of it, as the API quotes it.
    const labs = await t.prisma.laboratory.findMany({ where: { comunaId: lab.comunaId, isActive: true, company: { status: 'APPROVED' } }, include: { exams: { where: { examId: { in: examIds }, status: 'AUTHORIZED', isActive: true } } } });
    const totals = labs.filter((l) => l.exams.length === examIds.length).map((l) => l.exams.reduce((s, e) => s + e.price, 0));
    const names = offers.map((o) => o.exam.name.split(' (')[0].replace(/[,;:]+$/, ''));
    const description = `${examIds.length} exámenes en ${lab.comuna.name}: desde ${clp(Math.min(...totals))} hasta ${clp(Math.max(...totals))} (precio particular) en ${totals.length} ${totals.length === 1 ? 'laboratorio' : 'laboratorios'}. ${names.join(', ')}.`;
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(shared.text).toContain(`<meta property="og:description" content="${escaped(description)}" />`);
    expect(shared.text).toContain(`<meta property="og:title" content="${escaped(`Cotización: ${names.join(', ')}`)}`);
    // The address a preview opens is the quote shared: every filter that changes it is kept (the previsión, the order), nothing else.
    const canonical = `https://cotizalab.example/buscador?examenes=${examIds.join(',')}&amp;region=${lab.comuna.parentId}&amp;comuna=${lab.comunaId}&amp;prevision=${fonasa.id}&amp;orden=total`;
    expect(shared.text).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(shared.text).toContain(`<link rel="canonical" href="${canonical}" />`);
    // Its picture: a card with the order's price range, large in chats.
    const card = `/buscador/tarjeta.png?examenes=${examIds.join(',')}&region=${lab.comuna.parentId}&comuna=${lab.comunaId}`;
    expect(shared.text).toContain(`<meta property="og:image" content="https://cotizalab.example${card.replace(/&/g, '&amp;')}" />`);
    expect(shared.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const picture = await t.http.get(card).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await sharp(picture.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(shared.text).toContain('<h1 class="cl-page-title">Cotiza tu orden médica</h1>');

    // Nonsense in the link is ignored, never an error.
    const odd = await t.http.get('/buscador?examenes=abc,-1,99999999999&comuna=<script>&region=0');
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('<title>Cotiza tu orden médica · CotizaLab</title>');
    expect(odd.text).not.toContain('<script>&');
  });

  it('writes the home page with its own words for the first paint', async () => {
    const home = await t.http.get('/');
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.text).toContain('<div id="root" data-ssr>');
    expect(home.text).toContain('<h1 id="hero-title">Cotiza tus exámenes de laboratorio</h1>');
    expect(home.text).toContain('<h2 id="steps-title">Cómo funciona</h2>');
    expect(home.text).toContain('<meta property="og:url" content="https://cotizalab.example/" />');
  });

  it('answers 404 with the web app for a laboratory that is not public or an id that is not one', async () => {
    for (const path of ['/laboratorio/999999', '/laboratorio/0x10', '/laboratorio/abc']) {
      const answer = await t.http.get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.text).toContain('<div id="root"></div>');
      expect(answer.text).not.toContain('og:title');
    }
  });

  it('answers 404 with the app\'s page at an address that is none of its pages, and a plain 404 for a missing file, a source map or the server bundle', async () => {
    for (const path of ['/no-existe', '/wp-login.php', '/paquete/7/otra']) {
      const answer = await t.http.get(path);
      expect({ path, status: answer.status, app: answer.text.includes('<div id="root"></div>') }).toEqual({ path, status: 404, app: true });
    }
    for (const path of ['/panel', '/paquete/7', '/app/exams/view/3']) expect({ path, status: (await t.http.get(path)).status }).toEqual({ path, status: 200 });
    for (const path of ['/assets/index-0000.js', '/assets/index-3f9a1c.js.map', '/ssr/entry-server.cjs', '/ssr/entry-server.cjs.map']) {
      const answer = await t.http.get(path);
      expect({ path, status: answer.status, app: answer.text.includes('id="root"') }).toEqual({ path, status: 404, app: false });
    }
  });

  it('lets browsers keep the content-named assets for a year and revalidate every page', async () => {
    expect((await t.http.get('/assets/index-3f9a1c.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http.get('/buscador')).headers['cache-control']).toBe('no-cache');
    expect((await t.http.get(`/laboratorio/${(await publicLab()).id}`)).headers['cache-control']).toBe('no-cache');
  });
});
