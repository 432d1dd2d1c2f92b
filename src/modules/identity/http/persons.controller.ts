import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { ProviderScoped, SignedIn } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../platform/http/validated';
import { CreatePersonCommand } from '../commands/create-person/create-person.command';
import { DeletePersonCommand } from '../commands/delete-person/delete-person.command';
import { ReactivatePersonCommand } from '../commands/reactivate-person/reactivate-person.command';
import { UpdatePersonCommand } from '../commands/update-person/update-person.command';
import { GetPersonQuery } from '../queries/get-person/get-person.query';
import { SearchPersonsQuery } from '../queries/search-persons/search-persons.query';
import { createPersonBody, searchPersonsBody, updatePersonBody } from './persons.schemas';

/** Spec §7 "Persons": accounts of every profile. */
@ApiTags('persons')
@ApiBearerAuth()
@Controller('api/person')
export class PersonsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Get()
  @ApiOperation({ summary: 'Primera página de personas (ADM: todas; PRV: las de su empresa)' })
  list(@CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchPersonsQuery(actor, searchPersonsBody.parse({})));
  }

  // Declared before `:id`: Express tries routes in order.
  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Buscar personas por nombre (fullName), perfil o empresa' })
  search(@ValidBody(searchPersonsBody) filter: z.infer<typeof searchPersonsBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchPersonsQuery(actor, filter));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Crear una cuenta; la persona recibe un correo para elegir su contraseña' })
  create(@ValidBody(createPersonBody) input: z.infer<typeof createPersonBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreatePersonCommand(ctx, input));
  }

  @SignedIn()
  @Get(':id')
  @ApiOperation({ summary: 'Una persona (la propia; ADM cualquiera; PRV las de su empresa)' })
  get(@IdParam() personId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetPersonQuery(actor, personId));
  }

  @ProviderScoped()
  @Post(':id/reactivate')
  @ApiOperation({ summary: 'Reactivar una cuenta desactivada (vuelve a poder iniciar sesión)' })
  reactivate(@IdParam() personId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new ReactivatePersonCommand(ctx, personId));
  }

  @SignedIn()
  @Post(':id')
  @ApiOperation({ summary: 'Actualizar datos de contacto' })
  update(@IdParam() personId: number, @ValidBody(updatePersonBody) changes: z.infer<typeof updatePersonBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdatePersonCommand(ctx, personId, changes));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Eliminar una cuenta (no puede volver a iniciar sesión)' })
  remove(@IdParam() personId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeletePersonCommand(ctx, personId));
  }
}
