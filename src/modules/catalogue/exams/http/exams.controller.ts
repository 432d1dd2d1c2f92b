import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateExamCommand } from '../commands/create-exam/create-exam.command';
import { RetireExamCommand } from '../commands/retire-exam/retire-exam.command';
import { UpdateExamCommand } from '../commands/update-exam/update-exam.command';
import { GetExamQuery } from '../queries/get-exam/get-exam.query';
import { SearchExamsQuery } from '../queries/search-exams/search-exams.query';
import { createExamBody, searchExamsBody, updateExamBody } from './exams.schemas';

/** The exam catalogue: the search box's look-up and list (public), its upkeep (administrators). */
@ApiTags('exams')
@Controller('api/exam')
export class ExamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @Public()
  @Post('search')
  @ApiOperation({ summary: 'Exámenes por nombre, nombre común, sigla o código FONASA (tolera tildes y errores de tipeo)' })
  search(@ValidBody(searchExamsBody) filter: z.infer<typeof searchExamsBody>) {
    return this.queries.execute(new SearchExamsQuery(filter));
  }

  @Public()
  @Get(':id')
  get(@IdParam() examId: number) {
    return this.queries.execute(new GetExamQuery(examId));
  }

  @AdminOnly()
  @Post()
  @ApiBearerAuth()
  create(@ValidBody(createExamBody) input: z.infer<typeof createExamBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateExamCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiBearerAuth()
  update(@IdParam() examId: number, @ValidBody(updateExamBody) changes: z.infer<typeof updateExamBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateExamCommand(ctx, examId, changes));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Retira un examen del catálogo (deja de cotizarse)' })
  retire(@IdParam() examId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RetireExamCommand(ctx, examId));
  }
}
