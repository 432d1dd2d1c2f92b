import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { AdminOnly, ProviderScoped } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../platform/cqrs/unit-of-work';
import { gzipStream } from '../../../platform/http/gzip-stream';
import { AnswersFile } from '../../../platform/http/openapi/documented-answer';
import { IdParam, ValidBody, ValidParam, ValidQuery } from '../../../platform/http/validated';
import { resolvePeriod } from '../domain/period';
import { AccessReportQuery } from '../queries/access-report/access-report.query';
import { LaboratoryDetailQuery, LaboratoryReportQuery } from '../queries/laboratory-report/laboratory-report.query';
import { ReportDashboardQuery } from '../queries/report-dashboard/report-dashboard.query';
import { SearchHistoryExport } from '../queries/search-history/search-history.export';
import { SearchHistoryQuery, SearchResultsQuery } from '../queries/search-history/search-history.query';
import { UnmetDemandQuery } from '../queries/unmet-demand/unmet-demand.query';
import { exportBody, laboratoryReportBody, reportBody, searchHistoryBody, unmetDemandBody, type ExportBody, type ReportBody, type SearchHistoryBody } from './reports.schemas';

const searchIdParam = z.string().regex(/^\d{1,18}$/, 'La búsqueda no es válida.').transform(BigInt);

/** The reports of issue 12. Only administrators see searches and who made them; a provider sees its branches. */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('api/reports')
export class ReportsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly exporter: SearchHistoryExport,
    private readonly uow: UnitOfWork,
  ) {}

  @AdminOnly()
  @Post('dashboard')
  @ApiOperation({ summary: 'Tablero de un período y región: búsquedas, visitas, exámenes y comunas más buscados, embudo' })
  dashboard(@ValidBody(reportBody) filter: ReportBody) {
    return this.queries.execute(new ReportDashboardQuery(filter));
  }

  @AdminOnly()
  @Post('access')
  @ApiOperation({ summary: 'Registro de accesos: visitas por ruta y por día, sesiones y personas conectadas' })
  access(@ValidBody(reportBody) filter: ReportBody) {
    return this.queries.execute(new AccessReportQuery(filter));
  }

  @AdminOnly()
  @Post('search-history')
  @ApiOperation({ summary: 'Historial de búsquedas filtrado, ordenado y paginado (incluye quién buscó)' })
  searchHistory(@ValidBody(searchHistoryBody) filter: SearchHistoryBody) {
    return this.queries.execute(new SearchHistoryQuery(filter));
  }

  @AdminOnly()
  @Get('search-history/export')
  @ApiOperation({ summary: 'Exporta el historial filtrado (CSV o XLSX, en flujo; filtros en la URL, para descargar con un enlace); queda en la auditoría' })
  @AnswersFile('text/csv')
  async exportHistory(@Ctx() ctx: CommandContext, @ValidQuery(exportBody) filter: ExportBody, @Req() request: Request, @Res() response: Response) {
    const { format, ...rest } = filter;
    const period = resolvePeriod(rest);
    // Personal data leaves the system: who, what and when is recorded before the first byte.
    await this.uow.run(ctx, async (_tx, changes) => changes.audit('reports.search_history_exported', 'SearchHistory', 'export', { format, ...stringified(rest), from: period.from, to: period.to }));
    const name = `busquedas-${period.from}-a-${period.to}.${format}`;
    response.status(200);
    response.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Cache-Control', 'private, no-store');
    try {
      // XLSX is a zip already: only the CSV is worth compressing.
      await this.exporter.write(rest, format, format === 'csv' ? gzipStream(request, response) : response);
    } catch (err) {
      // Headers are gone: the only honest signal left is a cut connection.
      response.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }

  @AdminOnly()
  @Get('search-history/:id')
  @ApiOperation({ summary: 'Lo que mostró una búsqueda: sus laboratorios en orden, con totales y copagos' })
  searchResults(@ValidParam('id', searchIdParam) id: bigint) {
    return this.queries.execute(new SearchResultsQuery(id));
  }

  @ProviderScoped()
  @Post('laboratories')
  @ApiOperation({ summary: 'Apariciones, posiciones y aperturas por sucursal (PRV: solo las suyas)' })
  laboratories(@ValidBody(laboratoryReportBody) filter: ReportBody, @CurrentActor() actor: Actor) {
    return this.queries.execute(new LaboratoryReportQuery(actor, filter));
  }

  @ProviderScoped()
  @Post('laboratories/:id')
  @ApiOperation({ summary: 'Una sucursal: cuántas veces en cada posición, y por día (PRV: solo las suyas)' })
  laboratory(@IdParam() id: number, @ValidBody(reportBody) filter: ReportBody, @CurrentActor() actor: Actor) {
    return this.queries.execute(new LaboratoryDetailQuery(actor, id, filter));
  }

  @ProviderScoped()
  @Post('unmet-demand')
  @ApiOperation({ summary: 'Demanda no cubierta: exámenes buscados en una comuna (y vecinas) que nadie ofrece, o solo muy caros' })
  unmetDemand(@ValidBody(unmetDemandBody) filter: z.infer<typeof unmetDemandBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new UnmetDemandQuery(actor, filter));
  }
}

/** Audit details are flat text/number values. */
function stringified(filter: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]));
}
