import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import type { ImportKind } from '../../../contracts/imports';
import { AdminOnly, ProviderScoped } from '../../../platform/auth/access-policy';
import { CurrentActor, ForbiddenError, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { AnswersFile } from '../../../platform/http/openapi/documented-answer';
import { IdParam, ValidBody, ValidParam, ValidQuery } from '../../../platform/http/validated';
import { ConfirmImportCommand } from '../commands/confirm-import/confirm-import.command';
import { UploadImportCommand } from '../commands/upload-import/upload-import.command';
import { DownloadImportQuery, type Download } from '../queries/download-import/download-import.query';
import { ExportPriceListQuery } from '../queries/export-price-list/export-price-list.query';
import { GetImportQuery } from '../queries/get-import/get-import.query';
import { GetTemplateQuery } from '../queries/get-template/get-template.query';
import { SearchImportRowsQuery } from '../queries/search-import-rows/search-import-rows.query';
import { SearchImportsQuery } from '../queries/search-imports/search-imports.query';
import { confirmImportBody, priceListExportQuery, searchImportRowsBody, searchImportsBody, templateName, uploadImportBody } from './imports.schemas';
import { UploadInterceptor } from './upload.interceptor';

type UploadBody = z.infer<typeof uploadImportBody>;

/** The three uploads (spec §7 names laboratory-import and exam-import; prices follow their shape). */
@ApiTags('imports')
@ApiBearerAuth()
@Controller('api')
export class ImportUploadsController {
  constructor(private readonly commands: CommandBus) {}

  @ProviderScoped()
  @Post('laboratory-import')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Importa sucursales desde un CSV o Excel (simulación y, con confirm=true, importación)' })
  laboratories(@Ctx() ctx: CommandContext, @Req() request: Request, @ValidBody(uploadImportBody) body: UploadBody) {
    return this.upload(ctx, 'laboratory', request, body);
  }

  @ProviderScoped()
  @Post('laboratory-exam-import')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Importa precios de exámenes por sucursal desde un CSV o Excel' })
  prices(@Ctx() ctx: CommandContext, @Req() request: Request, @ValidBody(uploadImportBody) body: UploadBody) {
    return this.upload(ctx, 'laboratory-exam', request, body);
  }

  @AdminOnly()
  @Post('exam-import')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Importa el arancel FONASA (catálogo de exámenes) desde un CSV o Excel' })
  exams(@Ctx() ctx: CommandContext, @Req() request: Request, @ValidBody(uploadImportBody) body: UploadBody) {
    return this.upload(ctx, 'exam', request, body);
  }

  private upload(ctx: CommandContext, kind: ImportKind, request: Request, body: UploadBody) {
    // The interceptor answered 400 before here when there is no file.
    const file = request.file!;
    return this.commands.execute(
      new UploadImportCommand(ctx, kind, { path: file.path, originalName: Buffer.from(file.originalname, 'latin1').toString('utf8'), size: file.size }, {
        confirm: body.confirm ?? false,
        allOrNothing: body.allOrNothing ?? false,
        sheet: body.sheet,
        companyId: body.companyId,
      }),
    );
  }
}

/**
 * The way back (issue 27): a company's current prices as the price import's template, to edit in Excel and import
 * again; untouched, every row imports as unchanged.
 */
@ApiTags('imports')
@ApiBearerAuth()
@Controller('api')
export class PriceListExportController {
  constructor(private readonly queries: QueryBus) {}

  @ProviderScoped()
  @Get('laboratory-exam-export')
  @ApiOperation({ summary: 'Descarga la lista de precios vigente de la empresa (todas sus sucursales o una) como la plantilla de importación de precios (CSV o XLSX)' })
  @AnswersFile('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  async priceList(@CurrentActor() actor: Actor, @ValidQuery(priceListExportQuery) query: z.infer<typeof priceListExportQuery>, @Res() response: Response) {
    await send(response, await this.queries.execute(new ExportPriceListQuery(actor, query.format, query.companyId, query.laboratoryId)));
  }
}

/** An import's progress, rows, files and the history. */
@ApiTags('imports')
@ApiBearerAuth()
@Controller('api/imports')
export class ImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Historial de importaciones (de la propia empresa para un proveedor)' })
  search(@CurrentActor() actor: Actor, @ValidBody(searchImportsBody) filter: z.infer<typeof searchImportsBody>) {
    return this.queries.execute(new SearchImportsQuery(actor, filter));
  }

  @ProviderScoped()
  @Get('templates/:name')
  @ApiOperation({ summary: 'Plantilla de una importación con una fila de ejemplo (laboratory|laboratory-exam|exam, .csv o .xlsx)' })
  @AnswersFile('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  async template(@CurrentActor() actor: Actor, @ValidParam('name', templateName) name: z.infer<typeof templateName>, @Res() response: Response) {
    if (name.kind === 'exam' && actor.profile !== 'ADM') throw new ForbiddenError('Solo un administrador importa el catálogo de exámenes.');
    await send(response, await this.queries.execute(new GetTemplateQuery(name.kind, name.format, actor.companyId ?? undefined)));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Una importación y su avance (PRV: solo de su empresa); la pantalla la consulta mientras corre' })
  get(@CurrentActor() actor: Actor, @IdParam() id: number) {
    return this.queries.execute(new GetImportQuery(actor, id));
  }

  @ProviderScoped()
  @Post(':id/confirm')
  @ApiOperation({ summary: 'Confirma una importación simulada: la encola' })
  confirm(@Ctx() ctx: CommandContext, @IdParam() id: number, @ValidBody(confirmImportBody) body: z.infer<typeof confirmImportBody>) {
    return this.commands.execute(new ConfirmImportCommand(ctx, id, body.allOrNothing, body.excludeRows));
  }

  @ProviderScoped()
  @Post(':id/rows/search')
  @ApiOperation({ summary: 'Filas de una importación en el orden del archivo: la simulación o, ya confirmada, lo que hizo cada una' })
  rows(@CurrentActor() actor: Actor, @IdParam() id: number, @ValidBody(searchImportRowsBody) filter: z.infer<typeof searchImportRowsBody>) {
    return this.queries.execute(new SearchImportRowsQuery(actor, id, filter));
  }

  @ProviderScoped()
  @Get(':id/errors.csv')
  @ApiOperation({ summary: 'Archivo de errores (CSV UTF-8 con BOM, separado por punto y coma)' })
  @AnswersFile('text/csv')
  async errors(@CurrentActor() actor: Actor, @IdParam() id: number, @Res() response: Response) {
    await send(response, await this.queries.execute(new DownloadImportQuery(actor, id, 'errors')));
  }

  @ProviderScoped()
  @Get(':id/file')
  @ApiOperation({ summary: 'El archivo original de la importación' })
  @AnswersFile('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  async file(@CurrentActor() actor: Actor, @IdParam() id: number, @Res() response: Response) {
    await send(response, await this.queries.execute(new DownloadImportQuery(actor, id, 'file')));
  }
}

/** Streams a download; its name travels as RFC 5987 so accents survive. */
async function send(response: Response, download: Download): Promise<void> {
  const ascii = download.fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  response.status(200);
  response.setHeader('Content-Type', download.contentType);
  response.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`);
  response.setHeader('Cache-Control', 'private, no-store');
  await pipeline(Readable.from(download.content), response);
}
