import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { KeepQuoteRequest } from '../../../../contracts/kept-quotes';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { readableCode } from '../../../../platform/readable-code';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { NothingToKeepError } from '../../kept-quotes.errors';
import { QUOTE_REF_PREFIX, QUOTE_VALID_DAYS, type StoredQuote } from '../../kept-quote-view';
import { quoteNow } from '../../quote-now';

/** `POST /api/quote`: keeps the order's quote at one laboratory, as the server quotes it now, under a new reference. */
export class KeepQuoteCommand extends Command<{ ref: string; validUntil: string }> {
  constructor(readonly request: KeepQuoteRequest) {
    super();
  }
}

@CommandHandler(KeepQuoteCommand)
export class KeepQuoteHandler implements ICommandHandler<KeepQuoteCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly queries: QueryBus,
  ) {}

  /** A row of its own, no event: nothing else in the product follows kept quotes. */
  async execute({ request }: KeepQuoteCommand) {
    // The figures are the server's own, never the browser's: the same quote /buscador gives.
    const snapshot = await quoteNow(this.queries, request);
    if (!snapshot) throw new NothingToKeepError();
    // Only the typed words of the order's exams are kept.
    const typed = Object.fromEntries(Object.entries(request.typed ?? {}).filter(([id, text]) => request.exams.includes(Number(id)) && text));
    const stored: StoredQuote = { request: { ...request, typed }, snapshot };
    const validUntil = new Date(Date.now() + QUOTE_VALID_DAYS * 86_400_000);
    for (let attempt = 0; ; attempt++) {
      const ref = readableCode(QUOTE_REF_PREFIX);
      try {
        await this.prisma.keptQuote.create({ data: { ref, laboratoryId: request.laboratoryId, request: stored.request as object, snapshot: stored.snapshot as object, validUntil } });
        return { ref, validUntil: validUntil.toISOString() };
      } catch (error) {
        // Two quotes drawing the same of 8.5e11 references: draw again.
        if (attempt < 3 && uniqueViolation(error)?.includes('ref')) continue;
        throw error;
      }
    }
  }
}
