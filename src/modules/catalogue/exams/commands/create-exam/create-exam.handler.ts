import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { EXAM_DETAIL_SELECT, dottedCode, fonasaColumns, preparationColumns, toExamDetail } from '../../exam-view';
import { ExamCodeTakenError } from '../../exams.errors';
import { ExamCreated } from '../../exams.events';
import { assertExamReferences, replaceManualSynonyms } from '../exam-references';
import { CreateExamCommand } from './create-exam.command';

@CommandHandler(CreateExamCommand)
export class CreateExamHandler implements ICommandHandler<CreateExamCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: CreateExamCommand) {
    const { fonasaPrices, fonasaCopays, synonyms, code, preparation, ...fields } = input;
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertExamReferences(tx, input);
        const { id } = await tx.exam.create({ data: { ...fields, code, codeDotted: dottedCode(code), ...fonasaColumns(fonasaPrices, fonasaCopays), ...preparationColumns(preparation) } });
        if (synonyms) await replaceManualSynonyms(tx, id, synonyms);
        changes.record(ExamCreated({ examId: id }));
        changes.audit('exam.created', 'Exam', id);
        return toExamDetail(await tx.exam.findUniqueOrThrow({ where: { id }, select: EXAM_DETAIL_SELECT }));
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new ExamCodeTakenError() : error;
      });
  }
}
