import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { KeptQuoteView } from '../../../contracts/kept-quotes';
import { Public } from '../../../platform/auth/access-policy';
import { ClientIp } from '../../../platform/auth/actor';
import { Throttles } from '../../../platform/auth/throttles';
import { AnswersFile } from '../../../platform/http/openapi/documented-answer';
import { ValidBody } from '../../../platform/http/validated';
import { KeepQuoteCommand } from '../commands/keep-quote/keep-quote.handler';
import { renderQuotePdf } from '../infrastructure/quote-pdf';
import { GetKeptQuoteQuery } from '../queries/get-kept-quote/get-kept-quote.query';
import { keepQuoteBody } from './kept-quotes.schemas';

/** `/api/quote`: quotes kept under a reference (issue 30), open to anyone who has the reference. */
@ApiTags('kept quotes')
@Controller('api/quote')
export class KeptQuotesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly throttles: Throttles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post()
  @ApiOperation({ summary: 'Guardar la cotización de una orden en un laboratorio bajo un número (válida 30 días)' })
  async keep(@ValidBody(keepQuoteBody) request: z.infer<typeof keepQuoteBody>, @ClientIp() ip: string) {
    // Anyone may keep a quote: a budget per client keeps scripts from filling the table.
    await this.throttles.consume('keepQuotePerIp', ip);
    return this.commands.execute(new KeepQuoteCommand(request));
  }

  @Public()
  @Get(':ref')
  @ApiOperation({ summary: 'Una cotización guardada, cotizada de nuevo, con lo que cambió desde entonces' })
  get(@Param('ref') ref: string) {
    return this.queries.execute(new GetKeptQuoteQuery(ref));
  }

  @Public()
  @Get(':ref/pdf')
  @ApiOperation({ summary: 'La cotización guardada en PDF' })
  @AnswersFile('application/pdf')
  async pdf(@Param('ref') ref: string, @Res() response: Response) {
    const view: KeptQuoteView = await this.queries.execute(new GetKeptQuoteQuery(ref));
    const pdf = await renderQuotePdf(view, `${this.config.publicUrl}/cotizacion/${view.ref}`);
    response.status(200).type('application/pdf').setHeader('Content-Disposition', `attachment; filename="cotizacion-${view.ref}.pdf"`).setHeader('Cache-Control', 'private, no-store').send(pdf);
  }
}
