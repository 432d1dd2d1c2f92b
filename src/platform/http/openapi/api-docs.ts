import type { NestExpressApplication } from '@nestjs/platform-express';
import type { SwaggerCustomOptions } from '@nestjs/swagger';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type * as OpenApiDocument from './openapi-document';

/** Every path SwaggerModule.setup('api/docs') serves starts so: the page, its assets, the JSON and the YAML. */
const DOCS_PATH = /^\/api\/docs/i;

/**
 * Serves the API docs at /api/docs (the page and Swagger UI's assets), /api/docs-json and /api/docs-yaml, as
 * SwaggerModule.setup does. @nestjs/swagger costs ~30 MB of RSS (~55 MB at peak) and time at start, and the answers'
 * generated schemas 1.7 MB of heap, so both are loaded on the first docs request: setup then registers its routes on a
 * router that sits where they always did, before Nest's.
 */
export function serveApiDocs(app: NestExpressApplication, version: string, options: SwaggerCustomOptions): void {
  const router = Router();
  let ready: Promise<void> | undefined;
  const setup = async () => {
    const swagger = await import('@nestjs/swagger');
    const { buildOpenApiDocument } = require('./openapi-document') as typeof OpenApiDocument;
    // The real adapter and app, but what they register lands on the router.
    const adapter = Object.create(app.getHttpAdapter(), {
      get: { value: (...args: unknown[]) => router.get(...(args as Parameters<typeof router.get>)) },
      use: { value: (...args: unknown[]) => router.use(...(args as Parameters<typeof router.use>)) },
    }) as ReturnType<NestExpressApplication['getHttpAdapter']> & { useStaticAssets(path: string, options: object): void };
    const docsApp = Object.create(app, {
      getHttpAdapter: { value: () => adapter },
      useStaticAssets: { value: (path: string, staticOptions: object) => adapter.useStaticAssets(path, staticOptions) },
    }) as NestExpressApplication;
    swagger.SwaggerModule.setup('api/docs', docsApp, () => buildOpenApiDocument(app, version, swagger), options);
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Swagger's routes and static files answer GET and HEAD only; anything else goes on to Nest as it did.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !DOCS_PATH.test(req.path)) return next();
    ready ??= setup();
    ready.then(() => router(req, res, next), next);
  });
}
