import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';
import { AccessLogModule } from './modules/access-log/access-log';
import { AccountsModule } from './modules/accounts/accounts.module';
import { CatalogueModule } from './modules/catalogue/catalogue.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { LocationsModule } from './modules/locations/locations.module';
import { PersonsModule } from './modules/persons/persons.module';
import { SearchModule } from './modules/search/search.module';
import { HealthController } from './platform/health/health.controller';
import { PlatformModule, type PlatformOptions } from './platform/platform.module';

/**
 * Feature modules, cut by feature (see DESIGN.md). Order matters where paths overlap: Express
 * tries routes in registration order, so `POST /api/laboratory/search` (search) must come before
 * `POST /api/laboratory/:id` (catalogue).
 */
const FEATURES = [AccountsModule, PersonsModule, CompaniesModule, LocationsModule, SearchModule, CatalogueModule, AccessLogModule];

@Module({})
export class AppModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { config, logger } = options;
    const servesWeb = config.role !== 'worker' && existsSync(join(config.webDistDir, 'index.html'));
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            logger,
            // Health probes every few seconds would drown the log.
            autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
            customProps: () => ({ module: 'http' }),
          },
        }),
        PlatformModule.forRoot(options),
        ...(servesWeb
          ? [ServeStaticModule.forRoot({ rootPath: config.webDistDir, exclude: ['/api/{*path}'], serveStaticOptions: { index: false, maxAge: '1h' } })]
          : []),
        ...FEATURES,
      ],
      controllers: [HealthController],
    };
  }
}
