import { Module } from '@nestjs/common';
import { CreateExamHandler } from './commands/create-exam/create-exam.handler';
import { RetireExamHandler } from './commands/retire-exam/retire-exam.handler';
import { UpdateExamHandler } from './commands/update-exam/update-exam.handler';
import { ExamTypesController } from './http/exam-types.controller';
import { ExamsController } from './http/exams.controller';
import { RecordOrderChoiceHandler } from './commands/record-order-choice/record-order-choice.handler';
import { ExamLookup } from './infrastructure/exam-lookup';
import { OrderPhotoReader } from './infrastructure/order-photo-reader';
import { ReadOrderHandler } from './queries/read-order/read-order.query';
import { GetExamHandler } from './queries/get-exam/get-exam.query';
import { ListExamTypesHandler } from './queries/list-exam-types/list-exam-types.query';
import { SearchExamsHandler } from './queries/search-exams/search-exams.query';

/** The exam catalogue: FONASA codes, names, types, synonyms and MLE values. */
@Module({
  controllers: [ExamsController, ExamTypesController],
  providers: [CreateExamHandler, UpdateExamHandler, RetireExamHandler, GetExamHandler, SearchExamsHandler, ListExamTypesHandler, ExamLookup,
    ReadOrderHandler, RecordOrderChoiceHandler, OrderPhotoReader],
  // A laboratory's page finds its exams with the home's look-up (synonyms, abbreviations, typos).
  exports: [ExamLookup],
})
export class ExamsModule {}
