import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ApiExcludeController, ApiOperation } from '../../../platform/http/openapi/decorators';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Public } from '../../../platform/auth/access-policy';
import { GetLaboratoryPageQuery } from '../../catalogue/laboratories';
import { ListLocationsQuery } from '../../geography';
import { GetHomeMediaQuery, SearchProductsQuery, searchProductsBody } from '../../commerce';
import { GetOrderTotalQuery } from '../queries/get-order-total/get-order-total.query';
import { ListSitemapLaboratoriesQuery } from '../queries/list-sitemap-laboratories/list-sitemap-laboratories.query';
import { GetSearchShareQuery } from '../queries/get-search-share/get-search-share.query';
import { AppHtml } from '../app-html';
import { withShareMeta } from '../share-page';
import { formatClp } from '../../../platform/chile/money';
import { Throttles } from '../../../platform/auth/throttles';
import { ClientIp } from '../../../platform/auth/actor';
import { GetKeptQuoteQuery } from '../../kept-quotes';
import type { KeptQuoteView } from '../../../contracts/kept-quotes';
import { quoteCardPng } from '../quote-card-image';

/** `?a=1&b=2` of the named parameters present in a request (short, sane values only), or ''. */
function addressOf(query: Record<string, unknown>, names: string[]): string {
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string' && value !== '' && value.length <= 300) kept.set(name, value);
  }
  return kept.size ? `?${kept.toString().replace(/%2C/g, ',')}` : '';
}

/** Pages of the storefront that are written on the server; the web app's fallback lets them through (app.ts). */
export const SERVER_PAGES = [/^\/robots\.txt$/, /^\/sitemap\.xml$/, /^\/laboratorio\/[^/]+$/, /^\/$/, /^\/buscador$/, /^\/buscador\/tarjeta\.png$/];

/**
 * Every address parameter of /buscador that changes what the quote shows (quoteFilter.ts's names):
 * the canonical address of a shared quote keeps them all, so a preview opens the very quote shared.
 */
const QUOTE_PARAMS = ['examenes', 'tipo', 'region', 'comuna', 'cercanas', 'prevision', 'cobertura', 'laboratorio', 'atributos', 'domicilio', 'orden', 'sentido', 'pagina'];
/** What the card and the preview of a quote are drawn from: its exams and its place. */
const CARD_PARAMS = ['examenes', 'region', 'comuna', 'cercanas'];

/** The laboratory page's first request (LaboratoryPage.tsx: no term, page 1 of 20 exams), preloaded into the HTML. */
const LABORATORY_FIRST_PAGE = { currentPage: 1, perPage: 20 };
const HOME_TEXT = {
  title: 'Cotiza tus exámenes de laboratorio',
  description: 'Cotiza y compara exámenes de laboratorio clínico en Chile: precio, cobertura y copago en cada laboratorio cerca de ti.',
};
const id = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : null);


/**
 * What crawlers and chat previews read, which run no JavaScript: robots.txt, the sitemap of every
 * public laboratory, and a laboratory's page with its own title, address and (for a shared quote)
 * the price of the order in its Open Graph tags. The home, the search and a laboratory's page are
 * rendered by the web app's own components (app-html.ts) from the answers gathered here, which go
 * along for the browser to hydrate them.
 */
@ApiExcludeController()
@Controller()
export class StorefrontPagesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly html: AppHtml,
    private readonly throttles: Throttles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('robots.txt')
  @ApiOperation({ summary: 'robots.txt del sitio público' })
  robots(@Res() response: Response) {
    response
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /app/', 'Disallow: /api/', 'Disallow: /panel', 'Disallow: /editar-datos', `Sitemap: ${this.config.publicUrl}/sitemap.xml`, ''].join('\n'));
  }

  @Public()
  @Get('sitemap.xml')
  @ApiOperation({ summary: 'sitemap.xml: las páginas fijas y cada laboratorio público' })
  async sitemap(@Res() response: Response) {
    const laboratories = await this.queries.execute(new ListSitemapLaboratoriesQuery());
    const url = (path: string, modified?: Date) => `  <url><loc>${this.config.publicUrl}${path}</loc>${modified ? `<lastmod>${modified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const pages = ['/', '/buscador', '/preguntas-frecuentes', '/contacto', '/registro-laboratorio', '/terminos-y-condiciones'].map((path) => url(path));
    response
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...pages, ...laboratories.map((l) => url(`/laboratorio/${l.id}`, l.updatedAt)), '</urlset>', ''].join('\n'));
  }

  /** The home page, rendered with its banners, packages and regions (HomePage.tsx), so a phone paints it all before the JavaScript. */
  @Public()
  @Get()
  @ApiOperation({ summary: 'Portada en HTML, con los banners, paquetes y regiones precargados' })
  async home(@Req() request: Request, @Res() response: Response) {
    // HomeShowcase.tsx's three requests, answered in the HTML: the banners and packages are there on the
    // first render instead of pushing "Cómo funciona" down when they arrive.
    const showcase = (list: 'offers' | 'new') => ({ list, perPage: 4 });
    const [media, offers, fresh, regions] = await Promise.all([
      this.queries.execute(new GetHomeMediaQuery()),
      this.queries.execute(new SearchProductsQuery({ kind: 'storefront' }, searchProductsBody.parse(showcase('offers')))),
      this.queries.execute(new SearchProductsQuery({ kind: 'storefront' }, searchProductsBody.parse(showcase('new')))),
      this.queries.execute(new ListLocationsQuery()),
    ]).catch(() => [null, null, null, null]);
    const preloaded = media && offers && fresh
      ? { 'GET /api/media null': media, [`POST /api/product/search ${JSON.stringify(showcase('offers'))}`]: offers, [`POST /api/product/search ${JSON.stringify(showcase('new'))}`]: fresh, 'places:regions': regions }
      : {};
    const meta = { title: `${HOME_TEXT.title} · CotizaLab`, description: HOME_TEXT.description, url: `${this.config.publicUrl}/` };
    response.set('Cache-Control', 'no-cache').type('html').send(await this.html.page({ url: request.originalUrl, meta, preloaded }));
  }

  /**
   * `/buscador?examenes=1,2,3&region=13&comuna=5&cercanas=1`: the web app, introduced by the order's
   * exams, its place and what it costs there (cheapest and dearest laboratory that does all of it).
   */
  @Public()
  @Get('buscador')
  @ApiOperation({ summary: 'Página /buscador en HTML, con el título, la descripción y la imagen de la cotización compartida' })
  async search(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response) {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    const regionId = id(text('region'));
    const [share, regions, comunas] = await Promise.all([
      this.shareOf(query),
      this.queries.execute(new ListLocationsQuery()),
      regionId ? this.queries.execute(new ListLocationsQuery(regionId)).catch(() => null) : null,
    ]);
    const exams = share.exams.join(', ');
    const title = share.exams.length ? `Cotización: ${exams.length > 80 ? `${exams.slice(0, 79)}…` : exams}${share.place ? ` en ${share.place}` : ''} · CotizaLab` : 'Cotiza tu orden médica · CotizaLab';
    const where = share.place ? ` en ${share.place}` : '';
    const description = !share.exams.length
      ? 'Escribe los exámenes de tu orden médica y compara el total y tu copago en cada laboratorio.'
      : share.range
        ? `${share.exams.length} ${share.exams.length === 1 ? 'examen' : 'exámenes'}${where}: desde ${formatClp(share.range.min)} hasta ${formatClp(share.range.max)} (precio particular) en ${share.range.laboratories} ${share.range.laboratories === 1 ? 'laboratorio' : 'laboratorios'}. ${exams}.`
        : `${exams}${where}: compara el total y tu copago en cada laboratorio.`;
    const url = `${this.config.publicUrl}/buscador${addressOf(query, QUOTE_PARAMS)}`;
    const image = `${this.config.publicUrl}/buscador/tarjeta.png${addressOf(query, CARD_PARAMS)}`;
    // SearchPage.tsx renders with the order's exams named and the place's lists: its chips, summary and pickers as they stay.
    const preloaded = { 'search:examNames': share.names, 'places:regions': regions, ...(regionId && comunas ? { 'places:comunas': { regionId, comunas } } : {}) };
    response.set('Cache-Control', 'no-cache').type('html').send(await this.html.page({ url: request.originalUrl, meta: { title, description, url, image }, preloaded }));
  }

  /** The picture of a shared quote's preview (og:image): its exams, its place and what the whole order costs there. */
  @Public()
  @Get('buscador/tarjeta.png')
  @ApiOperation({ summary: 'Imagen PNG de una cotización compartida (og:image): exámenes, lugar y precios de la orden' })
  async searchCard(@Query() query: Record<string, unknown>, @ClientIp() ip: string, @Res() response: Response) {
    await this.throttles.consume('shareCardPerIp', ip);
    const png = await quoteCardPng(await this.shareOf(query));
    // Prices move: a chat may keep the picture for an hour, not for ever.
    response.set('Cache-Control', 'public, max-age=3600').type('png').send(png);
  }

  private shareOf(query: Record<string, unknown>) {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    const examIds = [...new Set((text('examenes') ?? '').split(',').map((e) => id(e)).filter((e) => e !== null))].slice(0, 30);
    return this.queries.execute(new GetSearchShareQuery(examIds, id(text('region')), id(text('comuna')), text('cercanas') === '1'));
  }

  /** `/laboratorio/{id}?examenes=1,2`: the web app, introduced by the laboratory's name, address and the order's price. */
  @Public()
  @Get('laboratorio/:id')
  @ApiOperation({ summary: 'Página HTML de un laboratorio público, con su nombre, dirección y el precio de la orden (404 si no es público)' })
  async laboratory(@Param('id') id: string, @Query('examenes') exams: string | undefined, @Req() request: Request, @Res() response: Response) {
    const index = this.html.index();
    const laboratoryId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
    const page = laboratoryId && laboratoryId <= 2147483647 ? await this.queries.execute(new GetLaboratoryPageQuery(laboratoryId, LABORATORY_FIRST_PAGE)).catch(() => null) : null;
    response.set('Cache-Control', 'no-cache');
    // Not a public laboratory: the web app says so, and crawlers read a 404.
    if (!page) return response.status(404).type('html').send(index);
    const lab = page.laboratory;
    const place = `${lab.addressLine1 ? `${lab.addressLine1}, ` : ''}${lab.comuna.name}`;
    const examIds = [...new Set((exams ?? '').split(',').filter((e) => /^[1-9]\d{0,9}$/.test(e)).map(Number))].slice(0, 30);
    const order = await this.queries.execute(new GetOrderTotalQuery(lab.id, examIds));
    const description = order
      ? `${place}. Tu orden de ${order.count} ${order.count === 1 ? 'examen' : 'exámenes'}: ${formatClp(order.total)} (precio particular).`
      : `${place}. ${page.exams.total} exámenes con precio publicado: compara y cotiza en CotizaLab.`;
    const url = `${this.config.publicUrl}/laboratorio/${lab.id}${order ? `?examenes=${examIds.join(',')}` : ''}`;
    // LaboratoryPage.tsx renders from its first request's answer: the whole page is in the HTML.
    const preloaded = { [`POST /api/laboratory/${lab.id}/search ${JSON.stringify(LABORATORY_FIRST_PAGE)}`]: page };
    response.type('html').send(await this.html.page({ url: request.originalUrl, meta: { title: `${lab.identifierName} · ${lab.comuna.name} · CotizaLab`, description, url }, preloaded }));
  }

  /** `/cotizacion/{ref}`: a kept quote (issue 30); a reference that does not exist answers the 404 page with a 404. */
  @Public()
  @Get('cotizacion/:ref')
  @ApiOperation({ summary: 'Página HTML de una cotización guardada, con su título y descripción para vistas previas (404 si no existe)' })
  async keptQuote(@Param('ref') ref: string, @Res() response: Response) {
    const view: KeptQuoteView | null = await this.queries.execute(new GetKeptQuoteQuery(ref)).catch(() => null);
    response.set('Cache-Control', 'no-cache');
    if (!view) return response.status(404).type('html').send(this.html.index());
    const url = `${this.config.publicUrl}/cotizacion/${view.ref}`;
    const description = `Cotización de ${view.exams.length} ${view.exams.length === 1 ? 'examen' : 'exámenes'} en ${view.laboratory.name}, ${view.laboratory.comuna}.`;
    response.type('html').send(withShareMeta(this.html.index(), { title: `Cotización ${view.ref} · CotizaLab`, description, url }));
  }
}
