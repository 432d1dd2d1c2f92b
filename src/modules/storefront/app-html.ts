import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from '../../platform/platform.tokens';
import { withShareMeta, type ShareMeta } from './share-page';

/**
 * The web app's server bundle (web/src/entry-server.tsx, built by `npm run build:web` into the web build's `ssr/`):
 * the public pages rendered by the web app's own components, from the answers the page carries.
 */
export interface ServerBundle {
  ready(): Promise<void>;
  render(url: string, preloaded: Record<string, unknown>): string;
}

/** Where the web build keeps its server bundle (never served: platform/web/web-app.ts). */
export const serverBundleFile = (webDistDir: string) => join(webDistDir, 'ssr', 'entry-server.cjs');

/**
 * Loads the server bundle of the web build in `webDistDir` once and its pages' modules with it; null when the build
 * has none (a build of the web app alone, a test without one) or it fails to load: the pages are then the plain app.
 * Node's own require, not the caller's: under Jest the bundle is a built file, nothing to transform.
 */
export async function loadServerBundle(webDistDir: string, log: Logger): Promise<ServerBundle | null> {
  const file = serverBundleFile(webDistDir);
  if (!existsSync(file)) return null;
  try {
    const bundle = createRequire(__filename)(file) as ServerBundle;
    await bundle.ready();
    return bundle;
  } catch (err) {
    log.error({ err, module: 'storefront', file }, 'the web app\'s server bundle did not load: public pages are sent unrendered');
    return null;
  }
}

/** What a public page's HTML is made of besides index.html. */
export interface AppPage {
  /** The page's path and query, as the browser asked for it (what the router renders). */
  url: string;
  meta: ShareMeta;
  /** API answers keyed "METHOD path body" exactly as the web app asks them (JSON.stringify of the body). */
  preloaded: Record<string, unknown>;
}

/**
 * index.html with the page's title, description and Open Graph tags (share-page.ts), its HTML as the web app renders
 * it inside `<div id="root" data-ssr>` (the browser hydrates it: boot.tsx), and its preloaded answers as JSON
 * (`#cl-preloaded`, which both renders read: hooks.ts). `rendered` null: the root stays empty and the browser renders
 * the page from the same answers.
 */
export function appPageHtml(indexHtml: string, page: AppPage, rendered: string | null): string {
  // `<` escaped: the JSON can never close its script element.
  const data = `<script type="application/json" id="cl-preloaded">${JSON.stringify(page.preloaded).replace(/</g, '\\u003c')}</script>`;
  const root = rendered === null ? '<div id="root"></div>' : `<div id="root" data-ssr>${rendered}</div>`;
  return withShareMeta(indexHtml, page.meta).replace('<div id="root"></div>', () => `${root}${data}`);
}

/**
 * The HTML of the public pages the server writes (storefront-pages.controller.ts). The bundle is loaded as the API
 * starts (not in the worker role, which serves no pages), never per request; a render costs a few milliseconds of the
 * request's thread (docs/decisions.md, "One source for the public HTML"). A render that throws is logged and the page
 * goes out unrendered, as the plain app: never a 500 for it.
 */
@Injectable()
export class AppHtml implements OnModuleInit {
  private indexHtml?: string;
  private bundle?: Promise<ServerBundle | null>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: Logger,
  ) {}

  onModuleInit() {
    if (this.config.role !== 'worker') void this.serverBundle();
  }

  /** The built web app's index.html, read once (a new build comes with a new process). */
  index(): string {
    const file = join(this.config.webDistDir, 'index.html');
    this.indexHtml ??= existsSync(file) ? readFileSync(file, 'utf8') : '<!doctype html><html lang="es-CL"><head><title>CotizaLab</title></head><body></body></html>';
    return this.indexHtml;
  }

  /** The page's whole HTML, rendered by the web app when its server bundle is there. */
  async page(page: AppPage): Promise<string> {
    return appPageHtml(this.index(), page, this.render(await this.serverBundle(), page));
  }

  private serverBundle(): Promise<ServerBundle | null> {
    this.bundle ??= loadServerBundle(this.config.webDistDir, this.log);
    return this.bundle;
  }

  private render(bundle: ServerBundle | null, page: AppPage): string | null {
    if (!bundle) return null;
    const started = performance.now();
    try {
      const html = bundle.render(page.url, page.preloaded);
      // A Suspense boundary the server could not finish (`<!--$!-->`) is rendered again by the browser: worth knowing.
      if (html.includes('<!--$!-->')) this.log.warn({ module: 'storefront', url: page.url }, 'a public page was rendered with a part left to the browser');
      return html;
    } catch (err) {
      this.log.error({ err, module: 'storefront', url: page.url, ms: Math.round(performance.now() - started) }, 'a public page did not render: sent unrendered');
      return null;
    }
  }
}
