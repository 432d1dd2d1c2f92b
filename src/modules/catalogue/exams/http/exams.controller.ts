import { Controller, Delete, Get, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { ClientIp } from '../../../../platform/auth/actor';
import { Throttles } from '../../../../platform/auth/throttles';
import { FileUploadInterceptor } from '../../../../platform/http/file-upload.interceptor';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { RecordOrderChoiceCommand } from '../commands/record-order-choice/record-order-choice.command';
import { OrderPhotoReader } from '../infrastructure/order-photo-reader';
import { ReadOrderQuery } from '../queries/read-order/read-order.query';
import { CreateExamCommand } from '../commands/create-exam/create-exam.command';
import { RetireExamCommand } from '../commands/retire-exam/retire-exam.command';
import { UpdateExamCommand } from '../commands/update-exam/update-exam.command';
import { GetExamQuery } from '../queries/get-exam/get-exam.query';
import { SearchExamsQuery } from '../queries/search-exams/search-exams.query';
import { createExamBody, orderChoiceBody, readOrderBody, searchExamsBody, updateExamBody } from './exams.schemas';

/** The exam catalogue: the search box's look-up and list (public), its upkeep (administrators). */
@ApiTags('exams')
@Controller('api/exam')
export class ExamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly throttles: Throttles,
    private readonly photos: OrderPhotoReader,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @Public()
  @Post('search')
  @ApiOperation({ summary: 'Exámenes por nombre, nombre común, sigla o código FONASA (tolera tildes y errores de tipeo)' })
  search(@ValidBody(searchExamsBody) filter: z.infer<typeof searchExamsBody>) {
    return this.queries.execute(new SearchExamsQuery(filter));
  }

  @Public()
  @Post('read-order')
  @ApiOperation({ summary: 'Lee una orden médica pegada como texto: cada línea reconocida, ambigua (con alternativas), fuera de laboratorio o desconocida' })
  async readOrder(@ValidBody(readOrderBody) input: z.infer<typeof readOrderBody>, @ClientIp() ip: string) {
    await this.throttles.consume('orderReadPerIp', ip);
    return this.queries.execute(new ReadOrderQuery(input.text));
  }

  /** The photo is read in memory and dropped: never stored nor logged (docs/decisions.md, "Photo of the order"). */
  @Public()
  @Post('read-order/photo')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileUploadInterceptor)
  @ApiOperation({ summary: 'Lee la foto de una orden médica (JPEG, PNG o WebP; se lee en memoria y no se guarda)' })
  async readOrderPhoto(@UploadedFile() file: Express.Multer.File, @ClientIp() ip: string) {
    await this.throttles.consume('orderPhotoPerIp', ip);
    const text = await this.photos.read(file.buffer);
    return { ...(await this.queries.execute(new ReadOrderQuery(text))), text };
  }

  @Public()
  @Post('read-order/choice')
  @ApiOperation({ summary: 'Registra el examen elegido para una línea ambigua de una orden (ordena las alternativas futuras)' })
  async recordOrderChoice(@ValidBody(orderChoiceBody) input: z.infer<typeof orderChoiceBody>, @ClientIp() ip: string) {
    await this.throttles.consume('orderReadPerIp', ip);
    await this.commands.execute(new RecordOrderChoiceCommand(input.text, input.examId));
    return null;
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Un examen del catálogo (también si está retirado): código FONASA, tipo, categoría, valores FONASA, sinónimos y preparación' })
  get(@IdParam() examId: number) {
    return this.queries.execute(new GetExamQuery(examId));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Agrega un examen al catálogo (su código FONASA de 7 dígitos no puede repetirse)' })
  @ApiBearerAuth()
  create(@ValidBody(createExamBody) input: z.infer<typeof createExamBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateExamCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de un examen; el cambio se ve en las cotizaciones de todos los laboratorios que lo ofrecen' })
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
