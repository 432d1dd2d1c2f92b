import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ProviderScoped } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { RemoveLaboratoryAttributeCommand } from '../commands/remove-laboratory-attribute/remove-laboratory-attribute.command';
import { SetLaboratoryAttributeCommand } from '../commands/set-laboratory-attribute/set-laboratory-attribute.command';
import { UpdateLaboratoryAttributeCommand } from '../commands/update-laboratory-attribute/update-laboratory-attribute.command';
import { GetLaboratoryAttributeQuery } from '../queries/get-laboratory-attribute/get-laboratory-attribute.query';
import { SearchLaboratoryAttributesQuery } from '../queries/search-laboratory-attributes/search-laboratory-attributes.query';
import { searchLaboratoryAttributesBody, setLaboratoryAttributeBody, updateLaboratoryAttributeBody } from './laboratory-attributes.schemas';

/** Spec §7 laboratory-attribute: what a laboratory offers beyond prices (PRV: its own laboratories; ADM: all). */
@ApiTags('laboratory-attributes')
@ApiBearerAuth()
@Controller('api/laboratory-attribute')
export class LaboratoryAttributesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Declared before `:id`: Express tries routes in order.
  @ProviderScoped()
  @Post('search')
  search(@ValidBody(searchLaboratoryAttributesBody) filter: z.infer<typeof searchLaboratoryAttributesBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchLaboratoryAttributesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  get(@IdParam() laboratoryAttributeId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetLaboratoryAttributeQuery(actor, laboratoryAttributeId));
  }

  @ProviderScoped()
  @Post()
  set(@ValidBody(setLaboratoryAttributeBody) input: z.infer<typeof setLaboratoryAttributeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new SetLaboratoryAttributeCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  update(@IdParam() laboratoryAttributeId: number, @ValidBody(updateLaboratoryAttributeBody) changes: z.infer<typeof updateLaboratoryAttributeBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateLaboratoryAttributeCommand(ctx, laboratoryAttributeId, changes));
  }

  @ProviderScoped()
  @Delete(':id')
  remove(@IdParam() laboratoryAttributeId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RemoveLaboratoryAttributeCommand(ctx, laboratoryAttributeId));
  }
}
