import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../../platform/auth/access-policy';
import { ListExamTypesQuery } from '../queries/list-exam-types/list-exam-types.query';

@ApiTags('exams')
@Controller('api/exam-type')
export class ExamTypesController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  list() {
    return this.queries.execute(new ListExamTypesQuery());
  }
}
