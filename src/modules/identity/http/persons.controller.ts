import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminOnly, PROFILE_CODES, ProviderScoped, SignedIn } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { blankAsAbsent, booleanField, emailField, idField, optionalText, pagingFields, personNameField, phoneField, rutField } from '../../platform/http/fields';
import { IdParam, ValidBody } from '../../platform/http/validated';
import { DeletePersonVisibilityCommand, GetPersonVisibilityQuery, ListPersonVisibilitiesQuery, SavePersonVisibilityCommand } from './person-visibility';
import { CreatePersonCommand, DeletePersonCommand, UpdatePersonCommand } from './persons.commands';
import { GetPersonQuery, SearchPersonsQuery } from './persons.queries';

const searchBody = z.object({
  fullName: optionalText(200),
  profileCode: blankAsAbsent(z.enum(PROFILE_CODES, { message: 'El perfil debe ser ADM, PRV o USR.' })),
  companyId: blankAsAbsent(idField('la empresa')),
  ...pagingFields,
});
const createBody = z.object({
  firstName: personNameField('el nombre'),
  lastName: personNameField('el apellido'),
  email: emailField,
  phone: phoneField,
  rut: blankAsAbsent(rutField),
  profileCode: z.enum(PROFILE_CODES, { message: 'El perfil debe ser ADM, PRV o USR.' }),
  companyId: blankAsAbsent(idField('la empresa')),
});
/** Fields left out stay as they are; an empty phone or RUT clears it. */
const updateBody = z.object({
  firstName: personNameField('el nombre').optional(),
  lastName: personNameField('el apellido').optional(),
  phone: z.union([z.literal('').transform(() => null), phoneField]).optional(),
  rut: z.union([z.literal('').transform(() => null), rutField]).optional(),
});
const visibilityFields = { personId: idField('la persona'), companyId: blankAsAbsent(idField('la empresa')), laboratoryId: blankAsAbsent(idField('el laboratorio')), isActive: booleanField.optional() };
/**
 * `POST /api/person-visibility` both lists and creates (spec §7): a body naming a company or a
 * laboratory creates a grant; any other body is a list filter.
 */
const visibilityListOrCreateBody = z.union([
  z.object(visibilityFields).refine((b) => b.companyId !== undefined || b.laboratoryId !== undefined).transform((b) => ({ create: b })),
  z.object({ personId: blankAsAbsent(idField('la persona')), ...pagingFields }).transform((b) => ({ list: b })),
]);

/** Spec §7 "Persons" and "Person visibility". */
@ApiTags('persons')
@ApiBearerAuth()
@Controller('api')
export class PersonsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Get('person')
  @ApiOperation({ summary: 'Primera página de personas (ADM: todas; PRV: las de su empresa)' })
  list(@CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchPersonsQuery(actor, searchBody.parse({})));
  }

  @ProviderScoped()
  @Post('person/search')
  @ApiOperation({ summary: 'Buscar personas por nombre (fullName), perfil o empresa' })
  search(@ValidBody(searchBody) filter: z.infer<typeof searchBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchPersonsQuery(actor, filter));
  }

  @ProviderScoped()
  @Post('person')
  @ApiOperation({ summary: 'Crear una cuenta; la persona recibe un correo para elegir su contraseña' })
  create(@ValidBody(createBody) input: z.infer<typeof createBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new CreatePersonCommand(actor, input, ip));
  }

  @SignedIn()
  @Get('person/:id')
  @ApiOperation({ summary: 'Una persona (la propia; ADM cualquiera; PRV las de su empresa)' })
  get(@IdParam() personId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetPersonQuery(actor, personId));
  }

  @SignedIn()
  @Post('person/:id')
  @ApiOperation({ summary: 'Actualizar datos de contacto' })
  update(@IdParam() personId: number, @ValidBody(updateBody) changes: z.infer<typeof updateBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new UpdatePersonCommand(actor, personId, changes, ip));
  }

  @ProviderScoped()
  @Delete('person/:id')
  @ApiOperation({ summary: 'Eliminar una cuenta (no puede volver a iniciar sesión)' })
  remove(@IdParam() personId: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DeletePersonCommand(actor, personId, ip));
  }

  @AdminOnly()
  @Post('person-visibility')
  @ApiOperation({ summary: 'Listar visibilidades, o crear una si el cuerpo indica empresa o laboratorio' })
  listOrCreateVisibility(@ValidBody(visibilityListOrCreateBody) input: z.infer<typeof visibilityListOrCreateBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return 'create' in input
      ? this.commands.execute(new SavePersonVisibilityCommand(actor, input.create, ip))
      : this.queries.execute(new ListPersonVisibilitiesQuery(input.list));
  }

  @AdminOnly()
  @Get('person-visibility/:id')
  getVisibility(@IdParam() visibilityId: number) {
    return this.queries.execute(new GetPersonVisibilityQuery(visibilityId));
  }

  @AdminOnly()
  @Post('update-person-visibility/:id')
  updateVisibility(@IdParam() visibilityId: number, @ValidBody(z.object(visibilityFields)) input: z.infer<z.ZodObject<typeof visibilityFields>>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SavePersonVisibilityCommand(actor, input, ip, visibilityId));
  }

  @AdminOnly()
  @Delete('person-visibility/:id')
  removeVisibility(@IdParam() visibilityId: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DeletePersonVisibilityCommand(actor, visibilityId, ip));
  }
}
