import { DynamicModule, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { httpLogging, requestLogContext } from './platform/logging/http-logging';
import { LaboratoriesModule } from './modules/catalogue/laboratories';
import { ExamsModule } from './modules/catalogue/exams';
import { PricingModule } from './modules/catalogue/pricing';
import { SelectListsModule } from './modules/catalogue/select-lists';
import { OrderTermsModule } from './modules/catalogue/order-terms';
import { UfValuesModule } from './modules/catalogue/uf-values';
import { CompaniesModule } from './modules/companies';
import { GeographyModule } from './modules/geography';
import { IdentityModule } from './modules/identity';
import { SearchModule } from './modules/search';
import { ReportsModule } from './modules/reports';
import { StorefrontModule } from './modules/storefront';
import { ImportsModule } from './modules/imports';
import { CommerceModule } from './modules/commerce';
import { SavedOrdersModule } from './modules/saved-orders';
import { KeptQuotesModule } from './modules/kept-quotes';
import { NotificationsModule } from './modules/notifications';
import { WebhooksModule } from './modules/integrations/webhooks';
import { ApiKeysModule } from './modules/integrations/api-keys';
import { HealthController } from './platform/health/health.controller';
import { PlatformModule, type PlatformOptions } from './platform/platform.module';

/**
 * Feature modules, cut by feature (see DESIGN.md). Order matters where paths overlap: Express
 * tries routes in registration order, so `POST /api/laboratory/search` (search) must come before
 * `POST /api/laboratory/:id` (laboratories).
 */
const FEATURES = [IdentityModule, CompaniesModule, GeographyModule, SearchModule, ExamsModule, OrderTermsModule, UfValuesModule, PricingModule, SelectListsModule, LaboratoriesModule, ReportsModule, ImportsModule, StorefrontModule, CommerceModule, SavedOrdersModule, KeptQuotesModule, NotificationsModule, ApiKeysModule, WebhooksModule];

@Module({})
export class AppModule implements NestModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { logger } = options;
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: httpLogging(logger) }),
        PlatformModule.forRoot(options),
        ...FEATURES,
      ],
      controllers: [HealthController],
    };
  }

  /** Nest mounts a global module's middleware (LoggerModule's pino-http) before this one's, so `req.id` is set here. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestLogContext).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
