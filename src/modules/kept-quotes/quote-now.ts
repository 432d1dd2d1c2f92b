import type { QueryBus } from '@nestjs/cqrs';
import type { KeepQuoteRequest, QuoteSnapshot } from '../../contracts/kept-quotes';
import type { QuoteResults } from '../../contracts/search';
import type { SerializedJson } from '../../platform/http/serialized-json';
import { quoteRequestSchema, SearchLaboratoriesQuery } from '../search';

/** The order quoted at its laboratory now, exactly as /buscador quotes it (the same query); null when it quotes none of it. */
export async function quoteNow(queries: QueryBus, request: KeepQuoteRequest): Promise<QuoteSnapshot | null> {
  const search = quoteRequestSchema.parse({
    exams: request.exams, laboratoryId: request.laboratoryId, pensionHealtInstitutionId: request.pensionHealtInstitutionId ?? undefined,
    coveragePercentage: request.coveragePercentage ?? undefined, coverageCapUf: request.coverageCapUf ?? undefined, pediatric: request.pediatric, perPage: 1,
  });
  const answer: SerializedJson = await queries.execute(new SearchLaboratoriesQuery(search, undefined));
  const results = JSON.parse(answer.json) as QuoteResults;
  const quote = results.items[0];
  return quote ? { at: new Date().toISOString(), quote, preparation: results.preparation ?? null, uf: results.uf ?? null } : null;
}
