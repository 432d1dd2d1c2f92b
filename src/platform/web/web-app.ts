import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { isWebAppRoute } from '../../contracts/public-routes';

/**
 * Serves the built web app from `dir` when it exists: its files, then `index.html` for every other
 * GET outside `/api` and the `serverPages` (written by Nest controllers), so that a reload of a
 * client-side route (`/buscador`) shows the page: with 200 at the app's own addresses, with 404 at
 * any other (the app shows its "404 Not Found" there). A missing file under `/assets/` is a plain
 * 404, never the app; source maps are not served. Registered before Nest's routes.
 */
export function serveWebApp(app: NestExpressApplication, dir: string, serverPages: RegExp[] = []): boolean {
  if (!existsSync(join(dir, 'index.html'))) return false;
  // The build keeps its source maps for whoever debugs on the machine, and its server bundle (ssr/, the API's render of
  // the public pages: modules/storefront/app-html.ts) beside the app; the public gets neither.
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.endsWith('.map') || req.path.startsWith('/ssr/') ? res.status(404).type('text').send('Not Found') : next()));
  app.useStaticAssets(dir, {
    index: false,
    // Vite names every file under assets/ by its content: a year, never revalidated. Others: an hour.
    setHeaders: (res, path) => res.setHeader('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (serverPages.some((page) => page.test(req.path))) return next();
    if (req.path.startsWith('/assets/')) return res.status(404).type('text').send('Not Found');
    if (!isWebAppRoute(req.path)) res.status(404);
    // `root` and a relative name: given an absolute path, Express refuses any path with a segment that
    // starts with a dot, so a clone under ~/.local/src/ answered 404 for every page.
    // Revalidated on every visit: it names the current build's assets.
    res.sendFile('index.html', { root: dir, headers: { 'Cache-Control': 'no-cache' } }, (error?: Error) => error && next(error));
  });
  return true;
}
