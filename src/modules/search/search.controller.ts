import { Controller, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Public } from '../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../platform/auth/actor';
import { blankAsAbsent, idField, pagingFields } from '../../platform/http/fields';
import { ValidBody } from '../../platform/http/validated';
import { quoteRequestSchema, type QuoteRequest } from './quote-request';
import { SearchExamsQuery } from './search-exams.query';
import { SearchLaboratoriesQuery } from './search-laboratories.query';

const examSearchBody = z.object({
  term: z.string().max(100, 'Máximo 100 caracteres.').optional(),
  typeExamId: blankAsAbsent(idField('el tipo de examen')),
  ...pagingFields,
});

/** The public searches: exams (the search box) and laboratories with the quote of an order (/buscador). */
@ApiTags('search')
@Controller('api')
export class SearchController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Post('laboratory/search')
  @ApiOperation({ summary: 'Cotización por laboratorio de los exámenes de una orden médica, con filtros, facetas, orden y páginas' })
  searchLaboratories(@ValidBody(quoteRequestSchema) request: QuoteRequest, @CurrentActor() actor?: Actor) {
    return this.queries.execute(new SearchLaboratoriesQuery(request, actor));
  }

  @Public()
  @Post('exam/search')
  @ApiOperation({ summary: 'Exámenes por nombre, nombre común, sigla o código FONASA (tolera tildes y errores de tipeo)' })
  searchExams(@ValidBody(examSearchBody) filter: z.infer<typeof examSearchBody>) {
    return this.queries.execute(new SearchExamsQuery(filter));
  }
}
