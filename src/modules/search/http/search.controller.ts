import { Controller, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { Public } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { DocumentedAnswer } from '../../../platform/http/openapi/documented-answer';
import { ValidBody } from '../../../platform/http/validated';
import type { QuoteResults } from '../../../contracts/search';
import { quoteRequestSchema, type QuoteRequest } from './quote-request';
import { SearchLaboratoriesQuery } from '../queries/search-laboratories/search-laboratories.query';

/** The quote of a medical order per laboratory (/buscador). */
@ApiTags('search')
@Controller('api')
export class SearchController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Post('laboratory/search')
  @ApiOperation({ summary: 'Cotización por laboratorio de los exámenes de una orden médica, con filtros, facetas, orden y páginas' })
  // Answered already serialized (the answer cache keeps the JSON).
  @DocumentedAnswer<QuoteResults>()
  searchLaboratories(@ValidBody(quoteRequestSchema) request: QuoteRequest, @CurrentActor() actor?: Actor) {
    return this.queries.execute(new SearchLaboratoriesQuery(request, actor));
  }
}
