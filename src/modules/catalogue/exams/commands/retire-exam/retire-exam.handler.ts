import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { ExamNotFoundError } from '../../exams.errors';
import { ExamRetired } from '../../exams.events';
import { RetireExamCommand } from './retire-exam.command';

@CommandHandler(RetireExamCommand)
export class RetireExamHandler implements ICommandHandler<RetireExamCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, examId }: RetireExamCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const retired = await tx.exam.updateMany({ where: { id: examId }, data: { isActive: false } });
      if (retired.count === 0) throw new ExamNotFoundError();
      changes.record(ExamRetired({ examId }));
      changes.audit('exam.retired', 'Exam', examId);
    });
    return { id: examId };
  }
}
