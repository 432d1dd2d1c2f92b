import { Controller, Get, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { ProviderScoped } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { ValidBody } from '../../../platform/http/validated';
import { GetDashboardQuery } from '../queries/get-dashboard/get-dashboard.query';
import { SearchAuditQuery } from '../queries/search-audit/search-audit.query';
import { searchAuditBody } from './backoffice-reports.schemas';

/** What the back office reads across contexts: the `/app` dashboard and the audit timeline of a record. */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('api')
export class BackofficeReportsController {
  constructor(private readonly queries: QueryBus) {}

  @ProviderScoped()
  @Get('dashboard')
  @ApiOperation({ summary: 'Conteos del inicio de /app: precios por autorizar, empresas por aprobar, sucursales y precios' })
  dashboard(@CurrentActor() actor: Actor) {
    return this.queries.execute(new GetDashboardQuery(actor));
  }

  @ProviderScoped()
  @Post('audit/search')
  @ApiOperation({ summary: 'Historial de cambios de un registro: quién, qué, cuándo, desde dónde (PRV: solo de su empresa)' })
  audit(@ValidBody(searchAuditBody) filter: z.infer<typeof searchAuditBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchAuditQuery(actor, filter));
  }
}
