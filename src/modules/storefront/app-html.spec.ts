import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { AppHtml, type AppPage } from './app-html';

const INDEX = '<!doctype html><html><head>\n<meta name="description" content="Genérica" />\n<title>CotizaLab</title>\n</head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const PAGE: AppPage = { url: '/laboratorio/7?examenes=1', meta: { title: 'Lab Ñuñoa · CotizaLab', description: 'Av. Irarrázaval 3050', url: 'https://cotizalab.cl/laboratorio/7' }, preloaded: { 'POST /api/laboratory/7/search {}': { name: '</script><b>' } } };

/** A web build in a folder of its own, with `bundle` as its server bundle's source (none when null). */
function webBuild(bundle: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'cotizalab-app-html-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (bundle !== null) {
    mkdirSync(join(dir, 'ssr'));
    writeFileSync(join(dir, 'ssr', 'entry-server.cjs'), bundle);
  }
  return dir;
}

describe('AppHtml: the public pages\' HTML', () => {
  const dirs: string[] = [];
  const log = { error: jest.fn(), warn: jest.fn() };
  const appHtml = (bundle: string | null) => {
    const dir = webBuild(bundle);
    dirs.push(dir);
    return new AppHtml({ webDistDir: dir, role: 'api' } as AppConfig, log as unknown as Logger);
  };
  afterEach(() => jest.clearAllMocks());
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('renders the page into the root for the browser to hydrate, with its meta and its answers (never able to close their script)', async () => {
    const html = await appHtml(`exports.ready = async () => {}; exports.render = (url, answers) => '<main>' + url + ' ' + Object.keys(answers).length + '</main>';`).page(PAGE);
    expect(html).toContain('<div id="root" data-ssr><main>/laboratorio/7?examenes=1 1</main></div><script type="application/json" id="cl-preloaded">');
    expect(html).toContain('"name":"\\u003c/script>\\u003cb>"');
    expect(html).toContain('<title>Lab Ñuñoa · CotizaLab</title>');
    expect(html).toContain('<meta property="og:url" content="https://cotizalab.cl/laboratorio/7" />');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('sends the plain app with the page\'s meta and answers when the build has no server bundle', async () => {
    const html = await appHtml(null).page(PAGE);
    expect(html).toContain('<div id="root"></div><script type="application/json" id="cl-preloaded">');
    expect(html).toContain('<title>Lab Ñuñoa · CotizaLab</title>');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('sends the plain app, and logs why, when a render throws: never a 500 for it', async () => {
    const pages = appHtml(`exports.ready = async () => {}; exports.render = () => { throw new Error('window is not defined'); };`);
    const html = await pages.page(PAGE);
    expect(html).toContain('<div id="root"></div><script type="application/json" id="cl-preloaded">');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: 'window is not defined' }), url: PAGE.url }), expect.stringContaining('did not render'));
  });

  it('sends the plain app, and logs why, when the bundle does not load; it is loaded once, not per page', async () => {
    const broken = appHtml(`throw new Error('broken build');`);
    expect(await broken.page(PAGE)).toContain('<div id="root"></div>');
    expect(await broken.page(PAGE)).toContain('<div id="root"></div>');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: 'broken build' }) }), expect.stringContaining('did not load'));
  });

  it('says so when the server left a part of the page to the browser (an unfinished Suspense boundary)', async () => {
    const html = await appHtml(`exports.ready = async () => {}; exports.render = () => '<main><!--$!--><template></template><p>Cargando…</p><!--/$--></main>';`).page(PAGE);
    expect(html).toContain('<div id="root" data-ssr><main>');
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ url: PAGE.url }), expect.stringContaining('left to the browser'));
  });
});
