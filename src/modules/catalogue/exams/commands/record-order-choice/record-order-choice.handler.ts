import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import { foldTerm } from '../../domain/order-reading';
import { ExamNotFoundError } from '../../exams.errors';
import { RecordOrderChoiceCommand } from './record-order-choice.command';

/**
 * Counts a patient's choice for an ambiguous line (one upsert: a repeated call only counts again,
 * which orders alternatives and never chooses for anybody). Only an active exam can be chosen.
 */
@CommandHandler(RecordOrderChoiceCommand)
export class RecordOrderChoiceHandler implements ICommandHandler<RecordOrderChoiceCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ text, examId }: RecordOrderChoiceCommand): Promise<void> {
    const folded = foldTerm(text).slice(0, 200);
    const exam = await this.prisma.exam.findUnique({ where: { id: examId }, select: { isActive: true } });
    if (!exam?.isActive) throw new ExamNotFoundError();
    await this.prisma.$executeRaw`
      INSERT INTO order_term_choice (folded, exam_id) VALUES (${folded}, ${examId})
      ON CONFLICT (folded, exam_id) DO UPDATE SET count = order_term_choice.count + 1, last_at = now()`;
  }
}
