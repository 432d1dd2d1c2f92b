import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Serves the built web app from `dir` when it exists: its files, then `index.html` for every other
 * GET outside `/api`, so that a reload of a client-side route (`/buscador`) shows the page.
 * Registered before Nest's routes, which all live under `/api`.
 */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  if (!existsSync(join(dir, 'index.html'))) return false;
  app.useStaticAssets(dir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    // `root` and a relative name: given an absolute path, Express refuses any path with a segment that
    // starts with a dot, so a clone under ~/.local/src/ answered 404 for every page.
    res.sendFile('index.html', { root: dir }, (error?: Error) => error && next(error));
  });
  return true;
}
