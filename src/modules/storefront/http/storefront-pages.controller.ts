import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Public } from '../../../platform/auth/access-policy';
import { GetLaboratoryPageQuery } from '../../catalogue/laboratories';
import { GetOrderTotalQuery } from '../queries/get-order-total/get-order-total.query';
import { ListSitemapLaboratoriesQuery } from '../queries/list-sitemap-laboratories/list-sitemap-laboratories.query';
import { withShareMeta } from '../share-page';

/** Pages of the storefront that are written on the server; the web app's fallback lets them through (app.ts). */
export const SERVER_PAGES = [/^\/robots\.txt$/, /^\/sitemap\.xml$/, /^\/laboratorio\/[^/]+$/];

const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/**
 * What crawlers and chat previews read, which run no JavaScript: robots.txt, the sitemap of every
 * public laboratory, and a laboratory's page with its own title, address and (for a shared quote)
 * the price of the order in its Open Graph tags. People get the same web app as on any page.
 */
@ApiExcludeController()
@Controller()
export class StorefrontPagesController {
  private indexHtml?: string;

  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('robots.txt')
  robots(@Res() response: Response) {
    response
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /app/', 'Disallow: /api/', 'Disallow: /panel', 'Disallow: /editar-datos', `Sitemap: ${this.config.publicUrl}/sitemap.xml`, ''].join('\n'));
  }

  @Public()
  @Get('sitemap.xml')
  async sitemap(@Res() response: Response) {
    const laboratories = await this.queries.execute(new ListSitemapLaboratoriesQuery());
    const url = (path: string, modified?: Date) => `  <url><loc>${this.config.publicUrl}${path}</loc>${modified ? `<lastmod>${modified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const pages = ['/', '/buscador', '/preguntas-frecuentes', '/contacto', '/registro-laboratorio', '/terminos-y-condiciones'].map((path) => url(path));
    response
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...pages, ...laboratories.map((l) => url(`/laboratorio/${l.id}`, l.updatedAt)), '</urlset>', ''].join('\n'));
  }

  /** `/laboratorio/{id}?examenes=1,2`: the web app, introduced by the laboratory's name, address and the order's price. */
  @Public()
  @Get('laboratorio/:id')
  async laboratory(@Param('id') id: string, @Query('examenes') exams: string | undefined, @Res() response: Response) {
    const index = this.index();
    const laboratoryId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
    const page = laboratoryId && laboratoryId <= 2147483647 ? await this.queries.execute(new GetLaboratoryPageQuery(laboratoryId, { currentPage: 1, perPage: 1 })).catch(() => null) : null;
    response.set('Cache-Control', 'no-cache');
    // Not a public laboratory: the web app says so, and crawlers read a 404.
    if (!page) return response.status(404).type('html').send(index);
    const lab = page.laboratory;
    const place = `${lab.addressLine1 ? `${lab.addressLine1}, ` : ''}${lab.comuna.name}`;
    const examIds = [...new Set((exams ?? '').split(',').filter((e) => /^[1-9]\d{0,9}$/.test(e)).map(Number))].slice(0, 30);
    const order = await this.queries.execute(new GetOrderTotalQuery(lab.id, examIds));
    const description = order
      ? `${place}. Tu orden de ${order.count} ${order.count === 1 ? 'examen' : 'exámenes'}: ${clp.format(order.total)} (precio particular).`
      : `${place}. ${page.exams.total} exámenes con precio publicado: compara y cotiza en CotizaLab.`;
    const url = `${this.config.publicUrl}/laboratorio/${lab.id}${order ? `?examenes=${examIds.join(',')}` : ''}`;
    response.type('html').send(withShareMeta(index, { title: `${lab.identifierName} · ${lab.comuna.name} · CotizaLab`, description, url }));
  }

  /** The built web app's index.html, read once (a new build comes with a new process). */
  private index(): string {
    const file = join(this.config.webDistDir, 'index.html');
    this.indexHtml ??= existsSync(file) ? readFileSync(file, 'utf8') : '<!doctype html><html lang="es-CL"><head><title>CotizaLab</title></head><body></body></html>';
    return this.indexHtml;
  }
}
