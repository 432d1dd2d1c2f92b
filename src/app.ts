import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { z } from 'zod';
import { AppModule } from './app.module';
import { EnvelopeInterceptor } from './platform/http/envelope.interceptor';
import { HttpExceptionFilter } from './platform/http/http-exception.filter';
import { IdempotencyInterceptor } from './platform/http/idempotency';
import type { PlatformOptions } from './platform/platform.module';
import { QuietStartLogger } from './platform/logging/logger';
import { serveWebApp } from './platform/web/web-app';
import { serveApiDocs } from './platform/http/openapi/api-docs';
import { SERVER_PAGES } from './modules/storefront';

/** Request bodies above this size answer 413; imports go through multipart uploads instead. */
const BODY_LIMIT = '1mb';

// Default validation messages in Spanish; schemas override them where a field needs its own words.
z.config(z.locales.es());

/** Builds the Nest application with the HTTP platform of DESIGN.md; `main.ts` and the tests share it. */
/** The API's version, as the OpenAPI document states it (package.json's). */
const API_VERSION = '1.0.29';

export async function createApp(options: PlatformOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), { bufferLogs: true, bodyParser: false });
  app.useLogger(new QuietStartLogger(app.get(PinoNestLogger)));
  app.disable('x-powered-by');
  // Whose X-Forwarded-For to believe: throttles count per client address (TRUST_PROXY, README).
  app.set('trust proxy', options.config.trustProxy);
  // No upgrade-insecure-requests: the embedded default serves plain HTTP on any host name.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  // What answers a signed-in call is that person's: no shared or browser cache keeps it.
  app.use('/api', (request: Request, response: Response, next: NextFunction) => {
    if (request.headers.authorization) response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // gzip for the web app's bundles and the API's JSON: `npm start` serves them with no proxy in front.
  app.use(compression());
  // The built web app, in the roles that answer HTTP (see src/platform/web/web-app.ts).
  if (options.config.role !== 'worker') serveWebApp(app, options.config.webDistDir, SERVER_PAGES);
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: true, parameterLimit: 1000 });
  app.enableCors({ origin: options.config.corsOrigins.length > 0 ? options.config.corsOrigins : false });
  app.useGlobalFilters(new HttpExceptionFilter(options.logger.child({ module: 'http' })));
  // Outermost first: the envelope wraps what the idempotency interceptor answers, a replay included.
  app.useGlobalInterceptors(new EnvelopeInterceptor(), app.get(IdempotencyInterceptor));
  // Built on first request, from the routes' own schemas and types (src/platform/http/openapi); @nestjs/swagger
  // loads only then. Groups start closed: Swagger UI stops drawing the groups after a hundred-odd operations open at once.
  serveApiDocs(app, API_VERSION, { swaggerOptions: { docExpansion: 'none' } });
  return app;
}
