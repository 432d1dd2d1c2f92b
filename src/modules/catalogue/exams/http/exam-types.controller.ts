import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { Public } from '../../../../platform/auth/access-policy';
import { ListExamTypesQuery } from '../queries/list-exam-types/list-exam-types.query';

@ApiTags('exams')
@Controller('api/exam-type')
export class ExamTypesController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Tipos de examen (subgrupos FONASA) por nombre, para filtros y formularios' })
  list() {
    return this.queries.execute(new ListExamTypesQuery());
  }
}
