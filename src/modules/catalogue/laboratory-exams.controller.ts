import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ProviderScoped } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { blankAsAbsent, booleanField, idField, pagingFields } from '../../platform/http/fields';
import { IdParam, ValidBody } from '../../platform/http/validated';
import { AUTHORIZATION_STATUSES, GetLaboratoryExamQuery, RemoveLaboratoryExamCommand, SaveLaboratoryExamCommand, SearchLaboratoryExamsQuery } from './laboratory-exams';

const priceField = z.coerce.number({ message: 'El precio debe ser un número.' }).int('El precio va en pesos, sin decimales.').min(1, 'El precio debe ser mayor que cero.').max(100_000_000, 'El precio es demasiado alto.');
const statusField = z.enum(AUTHORIZATION_STATUSES, { message: 'El estado debe ser PENDING, AUTHORIZED o REJECTED.' });

const searchBody = z.object({ laboratoryId: blankAsAbsent(idField('el laboratorio')), examId: blankAsAbsent(idField('el examen')), status: blankAsAbsent(statusField), ...pagingFields });
const createBody = z.object({ laboratoryId: idField('el laboratorio'), examId: idField('el examen'), price: priceField, status: statusField.optional(), isActive: booleanField.optional() });
const updateBody = z.object({ price: priceField.optional(), status: statusField.optional(), isActive: booleanField.optional() });

/** Spec §7 laboratory-exam: prices per laboratory and exam (PRV: its own laboratories; ADM: all, and authorizes). */
@ApiTags('laboratory-exams')
@ApiBearerAuth()
@Controller('api/laboratory-exam')
export class LaboratoryExamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  search(@ValidBody(searchBody) filter: z.infer<typeof searchBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchLaboratoryExamsQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  get(@IdParam() laboratoryExamId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetLaboratoryExamQuery(actor, laboratoryExamId));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Precio de un examen en un laboratorio (si ya existe, lo cambia)' })
  create(@ValidBody(createBody) input: z.infer<typeof createBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    const { laboratoryId, examId, ...changes } = input;
    return this.commands.execute(new SaveLaboratoryExamCommand(actor, { laboratoryId, examId }, changes, ip));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Cambiar precio, autorización (ADM) o vigencia' })
  update(@IdParam() laboratoryExamId: number, @ValidBody(updateBody) changes: z.infer<typeof updateBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveLaboratoryExamCommand(actor, { id: laboratoryExamId }, changes, ip));
  }

  @ProviderScoped()
  @Delete(':id')
  remove(@IdParam() laboratoryExamId: number, @CurrentActor() actor: Actor) {
    return this.commands.execute(new RemoveLaboratoryExamCommand(actor, laboratoryExamId));
  }
}
