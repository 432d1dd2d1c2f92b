import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../../platform/database/unique-violation';
import { EXAM_DETAIL_SELECT, dottedCode, fonasaColumns, preparationColumns, toExamDetail } from '../../exam-view';
import { ExamCodeTakenError, ExamNotFoundError } from '../../exams.errors';
import { ExamUpdated } from '../../exams.events';
import { assertExamReferences, replaceManualSynonyms } from '../exam-references';
import { UpdateExamCommand } from './update-exam.command';

@CommandHandler(UpdateExamCommand)
export class UpdateExamHandler implements ICommandHandler<UpdateExamCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, examId, changes: input }: UpdateExamCommand) {
    const { fonasaPrices, fonasaCopays, synonyms, code, preparation, ...fields } = input;
    return this.uow
      .run(ctx, async (tx, changes) => {
        if (!(await tx.exam.findUnique({ where: { id: examId }, select: { id: true } }))) throw new ExamNotFoundError();
        await assertExamReferences(tx, input);
        await tx.exam.update({ where: { id: examId }, data: { ...fields, ...(code && { code, codeDotted: dottedCode(code) }), ...fonasaColumns(fonasaPrices, fonasaCopays), ...preparationColumns(preparation) } });
        if (synonyms) await replaceManualSynonyms(tx, examId, synonyms);
        const changed = Object.keys(input);
        changes.record(ExamUpdated({ examId, fields: changed }));
        changes.audit('exam.updated', 'Exam', examId, { fields: changed.join(',') });
        return toExamDetail(await tx.exam.findUniqueOrThrow({ where: { id: examId }, select: EXAM_DETAIL_SELECT }));
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error)?.includes('code') ? new ExamCodeTakenError() : error;
      });
  }
}
