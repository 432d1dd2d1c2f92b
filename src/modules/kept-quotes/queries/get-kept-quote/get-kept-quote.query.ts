import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { KeptQuoteView } from '../../../../contracts/kept-quotes';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { isReadableCode } from '../../../../platform/readable-code';
import { quoteChanges } from '../../domain/quote-changes';
import { KeptQuoteNotFoundError } from '../../kept-quotes.errors';
import { QUOTE_REF_PREFIX, quotedExams, quotedInsurer, quotedLaboratory, type StoredQuote } from '../../kept-quote-view';
import { quoteNow } from '../../quote-now';

/** `GET /api/quote/{ref}`: a kept quote as it was, the same order quoted now, and what changed. */
export class GetKeptQuoteQuery extends Query<KeptQuoteView> {
  constructor(readonly ref: string) {
    super();
  }
}

@QueryHandler(GetKeptQuoteQuery)
export class GetKeptQuoteHandler implements IQueryHandler<GetKeptQuoteQuery> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly queries: QueryBus,
  ) {}

  async execute({ ref }: GetKeptQuoteQuery): Promise<KeptQuoteView> {
    const code = ref.trim().toUpperCase();
    const row = isReadableCode(QUOTE_REF_PREFIX, code) ? await this.prisma.keptQuote.findUnique({ where: { ref: code } }) : null;
    if (!row) throw new KeptQuoteNotFoundError();
    const { request, snapshot } = { request: row.request, snapshot: row.snapshot } as unknown as StoredQuote;
    const [laboratory, exams, insurer, now] = await Promise.all([
      quotedLaboratory(this.prisma, row.laboratoryId),
      quotedExams(this.prisma, request),
      quotedInsurer(this.prisma, request),
      quoteNow(this.queries, request),
    ]);
    const names = new Map(exams.map((e) => [e.id, e.typed ? `${e.typed} (${e.name})` : e.name]));
    return {
      ref: row.ref, createdAt: row.createdAt.toISOString(), validUntil: row.validUntil.toISOString(), expired: row.validUntil.getTime() < Date.now(),
      laboratory, insurer, coveragePercentage: request.coveragePercentage ?? null, coverageCapUf: request.coverageCapUf ?? null, exams,
      then: snapshot, now, changes: quoteChanges(snapshot, now, names),
    };
  }
}
