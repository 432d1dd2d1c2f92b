import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, ProviderScoped } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { DecideLaboratoryExamsCommand } from '../commands/decide-laboratory-exams/decide-laboratory-exams.command';
import { CopyPriceListCommand } from '../commands/copy-price-list/copy-price-list.command';
import { ConfirmPriceListCommand } from '../commands/confirm-price-list/confirm-price-list.handler';
import { AuthorizeLaboratoryExamCommand } from '../commands/authorize-laboratory-exam/authorize-laboratory-exam.command';
import { OfferLaboratoryExamCommand } from '../commands/offer-laboratory-exam/offer-laboratory-exam.command';
import { RejectLaboratoryExamCommand } from '../commands/reject-laboratory-exam/reject-laboratory-exam.command';
import { RestoreLaboratoryExamCommand } from '../commands/restore-laboratory-exam/restore-laboratory-exam.command';
import { SetLaboratoryExamPriceCommand } from '../commands/set-laboratory-exam-price/set-laboratory-exam-price.command';
import { WithdrawLaboratoryExamCommand } from '../commands/withdraw-laboratory-exam/withdraw-laboratory-exam.command';
import { GetLaboratoryExamQuery } from '../queries/get-laboratory-exam/get-laboratory-exam.query';
import { SearchLaboratoryExamsQuery } from '../queries/search-laboratory-exams/search-laboratory-exams.query';
import { authorizeLaboratoryExamsBody, changeLaboratoryExamBody, confirmPriceListBody, copyPriceListBody, offerLaboratoryExamBody, rejectLaboratoryExamsBody, searchLaboratoryExamsBody } from './laboratory-exams.schemas';

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
  @ApiOperation({ summary: 'Precios por sucursal y examen (PRV: de su empresa; ADM: todos), por estado, término, comuna o desviación del valor FONASA' })
  search(@ValidBody(searchLaboratoryExamsBody) filter: z.infer<typeof searchLaboratoryExamsBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchLaboratoryExamsQuery(actor, filter));
  }

  @AdminOnly()
  @Post('authorize')
  @ApiOperation({ summary: 'Autoriza hasta 500 precios elegidos, o todos los que coinciden con un filtro (hasta 5.000), todos o ninguno' })
  authorizeMany(@ValidBody(authorizeLaboratoryExamsBody) body: z.infer<typeof authorizeLaboratoryExamsBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DecideLaboratoryExamsCommand(ctx, body.target, { status: 'AUTHORIZED' }));
  }

  @AdminOnly()
  @Post('reject')
  @ApiOperation({ summary: 'Rechaza con un motivo hasta 500 precios elegidos, o todos los que coinciden con un filtro (hasta 5.000), todos o ninguno' })
  rejectMany(@ValidBody(rejectLaboratoryExamsBody) body: z.infer<typeof rejectLaboratoryExamsBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DecideLaboratoryExamsCommand(ctx, body.target, { status: 'REJECTED', reason: body.reason }));
  }

  // Declared before `:id`: Express tries routes in order.
  @ProviderScoped()
  @Post('confirm')
  @ApiOperation({ summary: 'Confirma sin cambios todos los precios de una sucursal (vigentes desde hoy)' })
  confirm(@ValidBody(confirmPriceListBody) input: z.infer<typeof confirmPriceListBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new ConfirmPriceListCommand(ctx, input.laboratoryId));
  }

  @ProviderScoped()
  @Post('copy')
  @ApiOperation({ summary: 'Copia los precios vigentes de una sucursal a otra de la misma empresa' })
  copy(@ValidBody(copyPriceListBody) input: z.infer<typeof copyPriceListBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CopyPriceListCommand(ctx, input.fromLaboratoryId, input.toLaboratoryId));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Un precio de un examen en una sucursal (PRV: solo de su empresa)' })
  get(@IdParam() laboratoryExamId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetLaboratoryExamQuery(actor, laboratoryExamId));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Precio de un examen en un laboratorio (si ya existe, lo cambia)' })
  offer(@ValidBody(offerLaboratoryExamBody) input: z.infer<typeof offerLaboratoryExamBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new OfferLaboratoryExamCommand(ctx, input.laboratoryId, input.examId, input.price));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Un cambio a la vez: precio, autorización o rechazo (ADM), o vigencia' })
  change(@IdParam() laboratoryExamId: number, @ValidBody(changeLaboratoryExamBody) body: z.infer<typeof changeLaboratoryExamBody>, @Ctx() ctx: CommandContext) {
    if (body.price !== undefined) return this.commands.execute(new SetLaboratoryExamPriceCommand(ctx, laboratoryExamId, body.price));
    if (body.status === 'AUTHORIZED') return this.commands.execute(new AuthorizeLaboratoryExamCommand(ctx, laboratoryExamId));
    if (body.status === 'REJECTED') return this.commands.execute(new RejectLaboratoryExamCommand(ctx, laboratoryExamId, body.reason!));
    return this.commands.execute(body.isActive ? new RestoreLaboratoryExamCommand(ctx, laboratoryExamId) : new WithdrawLaboratoryExamCommand(ctx, laboratoryExamId));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Retira un precio: la sucursal deja de ofrecer el examen (su historial se conserva)' })
  async withdraw(@IdParam() laboratoryExamId: number, @Ctx() ctx: CommandContext) {
    await this.commands.execute(new WithdrawLaboratoryExamCommand(ctx, laboratoryExamId));
    return { id: laboratoryExamId };
  }
}
