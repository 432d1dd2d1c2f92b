import { Module } from '@nestjs/common';
import { AppHtml } from './app-html';
import { StorefrontPagesController } from './http/storefront-pages.controller';
import { GetOrderTotalHandler } from './queries/get-order-total/get-order-total.query';
import { GetSearchShareHandler } from './queries/get-search-share/get-search-share.query';
import { ListSitemapLaboratoriesHandler } from './queries/list-sitemap-laboratories/list-sitemap-laboratories.query';

/** What the storefront serves besides the web app itself: robots.txt, the sitemap, pages that share well. */
@Module({ controllers: [StorefrontPagesController], providers: [AppHtml, ListSitemapLaboratoriesHandler, GetOrderTotalHandler, GetSearchShareHandler] })
export class StorefrontModule {}
