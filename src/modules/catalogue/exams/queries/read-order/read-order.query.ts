import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { OrderLine, OrderLineExam, ReadOrderAnswer } from '../../../../../contracts/exams';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { foldTerm, readOrder } from '../../domain/order-reading';
import { ExamLookup } from '../../infrastructure/exam-lookup';

/**
 * `POST /api/exam/read-order`: a medical order as pasted (or as its photo was read) becomes one entry
 * per line, each recognised, ambiguous, not a laboratory exam or unknown (domain/order-reading.ts).
 * An ambiguous line's alternatives come most chosen first (what patients picked for the same words),
 * then as the vocabulary or the look-up ranks them.
 */
export class ReadOrderQuery extends Query<ReadOrderAnswer> {
  constructor(readonly text: string) {
    super();
  }
}

@QueryHandler(ReadOrderQuery)
export class ReadOrderHandler implements IQueryHandler<ReadOrderQuery> {
  constructor(
    private readonly lookup: ExamLookup,
    private readonly prisma: PrismaService,
  ) {}

  async execute({ text }: ReadOrderQuery): Promise<ReadOrderAnswer> {
    const vocabulary = await this.lookup.vocabulary();
    const readings = readOrder(text, vocabulary);
    const chosen = await this.choices(readings.filter((r) => r.status === 'AMBIGUOUS').map((r) => foldTerm(r.text)));
    const examOf = (examId: number): OrderLineExam[] => {
      const exam = vocabulary.exam(examId);
      return exam ? [{ id: exam.id, code: exam.code, codeDotted: exam.codeDotted, name: exam.name }] : [];
    };
    const lines = readings.map((reading): OrderLine => {
      const counts = chosen.get(foldTerm(reading.text));
      const alternatives = counts ? [...reading.alternatives].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0)) : reading.alternatives;
      return { text: reading.text, status: reading.status, exams: reading.examIds.flatMap(examOf), alternatives: alternatives.flatMap(examOf), reason: reading.reason };
    });
    return { lines };
  }

  /** What patients chose for these ambiguous lines: folded text -> exam -> times. */
  private async choices(folded: string[]): Promise<Map<string, Map<number, number>>> {
    const byText = new Map<string, Map<number, number>>();
    if (folded.length === 0) return byText;
    const rows = await this.prisma.orderTermChoice.findMany({ where: { folded: { in: [...new Set(folded)] } } });
    for (const row of rows) {
      if (!byText.has(row.folded)) byText.set(row.folded, new Map());
      byText.get(row.folded)!.set(row.examId, row.count);
    }
    return byText;
  }
}
