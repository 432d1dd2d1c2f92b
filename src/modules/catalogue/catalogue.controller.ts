import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminOnly, ProviderScoped, Public } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { blankAsAbsent, booleanField, clearable, emailField, idField, optionalText, pagingFields, phoneField, textField } from '../../platform/http/fields';
import { IdParam, ValidBody } from '../../platform/http/validated';
import { GetExamQuery, RetireExamCommand, SaveExamCommand } from './exams';
import { CloseLaboratoryCommand, GetLaboratoryPageQuery, GetOwnLaboratoryQuery, SaveLaboratoryCommand, SearchOwnLaboratoriesQuery } from './laboratories';
import { DeleteLaboratoryAttributeCommand, GetLaboratoryAttributeQuery, SaveLaboratoryAttributeCommand, SearchLaboratoryAttributesQuery } from './laboratory-attributes';
import { DeleteNearLocationCommand, ImportNearLocationsCommand, SaveNearLocationCommand, SearchNearLocationsQuery } from './near-locations';
import {
  DeleteSelectListChildCommand, DeleteSelectListTypeCommand, GetSelectListChildQuery, GetSelectListTypeQuery,
  SaveSelectListChildCommand, SaveSelectListTypeCommand, SearchSelectListTypesQuery, type SelectListFlag,
} from './select-lists';
import { ListInsurersQuery } from './insurers';

const money = z.coerce.number({ message: 'Debe ser un monto en pesos.' }).int('Va en pesos, sin decimales.').min(0).max(100_000_000);
const moneyList = z.union([z.array(z.union([z.literal('').transform(() => null), z.null(), money])).max(3), z.string().transform((s) => s.split(',').map((v) => (v.trim() === '' ? null : Number(v))))]);
const stringList = (max: number) => z.union([z.array(z.string().trim().min(1).max(200)).max(max), z.string().transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))]);
const idList = (label: string) => z.union([z.array(idField(label)), z.string().transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean).map(Number))]).pipe(z.array(z.number().int().positive()).max(100));
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM.');

const examBody = z.object({
  code: z.string().trim().regex(/^\d{7}$/, 'El código FONASA tiene 7 dígitos.').optional(),
  name: textField('el nombre', 500).optional(),
  description: clearable(optionalText(2000)),
  typeExamId: idField('el tipo de examen').optional(),
  categoryId: clearable(idField('la categoría')),
  fonasaPrices: moneyList.optional(),
  fonasaCopays: moneyList.optional(),
  synonyms: stringList(50).optional(),
  isActive: booleanField.optional(),
});
const laboratoryBody = z.object({
  companyId: idField('la empresa').optional(),
  identifierName: textField('el nombre del laboratorio', 200).optional(),
  addressLine1: textField('la dirección', 300).optional(),
  addressLine2: clearable(optionalText(300)),
  comunaId: idField('la comuna').optional(),
  lat: clearable(z.coerce.number().min(-56).max(-17)),
  lng: clearable(z.coerce.number().min(-110).max(-66)),
  phone: clearable(phoneField),
  email: clearable(emailField),
  website: clearable(z.url({ protocol: /^https?$/, message: 'Ingresa una dirección web válida (https://...).' }).max(300)),
  openingHours: z.array(z.object({ day: z.coerce.number().int().min(1).max(7), opens: time, closes: time }).refine((h) => h.opens < h.closes, 'La hora de cierre debe ser posterior a la de apertura.')).max(21).optional(),
  fonasaLevel: z.coerce.number().int().min(1, 'El nivel FONASA va de 1 a 3.').max(3, 'El nivel FONASA va de 1 a 3.').optional(),
  isActive: booleanField.optional(),
  insurerIds: idList('la previsión').optional(),
});
const laboratorySearchBody = z.object({ name: optionalText(200), companyId: blankAsAbsent(idField('la empresa')), comunaId: blankAsAbsent(idField('la comuna')), ...pagingFields });
const laboratoryPageBody = z.object({ term: optionalText(100), ...pagingFields, perPage: pagingFields.perPage.default(50) });
const attributeBody = z.object({ laboratoryId: idField('el laboratorio').optional(), selectListTypeId: idField('la lista').optional(), selectListChildId: clearable(idField('el valor')), value: clearable(optionalText(500)) });
const attributeSearchBody = z.object({ laboratoryId: blankAsAbsent(idField('el laboratorio')), selectListTypeId: blankAsAbsent(idField('la lista')), ...pagingFields });
const typeBody = z.object({ code: z.string().trim().regex(/^[A-Z0-9_]{2,60}$/, 'Usa mayúsculas, números y _ (2 a 60).').optional(), name: textField('el nombre', 120).optional(), sortOrder: z.coerce.number().int().min(0).max(10000).optional(), isvisible: booleanField.optional(), ispublic: booleanField.optional(), isfilter: booleanField.optional() });
const typeSearchBody = z.object({ name: optionalText(120), ...pagingFields });
const codesBody = z.object({ codes: stringList(50), ...pagingFields });
const flagBody = z.object({ value: booleanField });
const childBody = z.object({ typeId: idField('la lista').optional(), code: z.string().trim().regex(/^[A-Z0-9_]{1,60}$/, 'Usa mayúsculas, números y _.').optional(), name: textField('el nombre', 200).optional(), sortOrder: z.coerce.number().int().min(0).max(10000).optional(), isActive: booleanField.optional() });
const nearBody = z.object({ locationId: idField('la comuna').optional(), nearLocationId: idField('la comuna cercana').optional(), distanceKm: clearable(z.coerce.number().min(0).max(5000)) });
const nearSearchBody = z.object({ locationId: blankAsAbsent(idField('la comuna')), ...pagingFields });

/** Exams of the catalogue (the list and look-up is `POST /api/exam/search`, in the search module). */
@ApiTags('exams')
@Controller('api/exam')
export class ExamsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Public()
  @Get(':id')
  get(@IdParam() id: number) {
    return this.queries.execute(new GetExamQuery(id));
  }

  @AdminOnly()
  @Post()
  @ApiBearerAuth()
  create(@ValidBody(examBody) input: z.infer<typeof examBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveExamCommand(actor, input, ip));
  }

  @AdminOnly()
  @Post(':id')
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(examBody) input: z.infer<typeof examBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveExamCommand(actor, input, ip, id));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Retira un examen del catálogo (deja de cotizarse)' })
  remove(@IdParam() id: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new RetireExamCommand(actor, id, ip));
  }
}

/** Laboratories: the public page, and the branches a provider (or an administrator) keeps. */
@ApiTags('laboratories')
@Controller('api')
export class LaboratoriesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Public()
  @Post('laboratory/:id/search')
  @ApiOperation({ summary: 'Página pública de un laboratorio: datos, atributos públicos, horario, previsiones y sus precios (filtro term)' })
  page(@IdParam() id: number, @ValidBody(laboratoryPageBody) filter: z.infer<typeof laboratoryPageBody>) {
    return this.queries.execute(new GetLaboratoryPageQuery(id, filter));
  }

  @ProviderScoped()
  @Post('laboratory')
  @ApiBearerAuth()
  create(@ValidBody(laboratoryBody) input: z.infer<typeof laboratoryBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryCommand(actor, input));
  }

  @ProviderScoped()
  @Post('laboratory/:id')
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(laboratoryBody) input: z.infer<typeof laboratoryBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryCommand(actor, input, id));
  }

  @ProviderScoped()
  @Post('priv/laboratory/search')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Laboratorios del back office (ADM: todos; PRV: los de su empresa)' })
  searchOwn(@ValidBody(laboratorySearchBody) filter: z.infer<typeof laboratorySearchBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchOwnLaboratoriesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get('priv/laboratory/:id')
  @ApiBearerAuth()
  getOwn(@IdParam() id: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetOwnLaboratoryQuery(actor, id));
  }

  @ProviderScoped()
  @Post('priv/laboratory')
  @ApiBearerAuth()
  createOwn(@ValidBody(laboratoryBody) input: z.infer<typeof laboratoryBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryCommand(actor, input));
  }

  @ProviderScoped()
  @Post('priv/laboratory/:id')
  @ApiBearerAuth()
  updateOwn(@IdParam() id: number, @ValidBody(laboratoryBody) input: z.infer<typeof laboratoryBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryCommand(actor, input, id));
  }

  @ProviderScoped()
  @Delete('priv/laboratory/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cierra una sucursal: sale de las búsquedas' })
  close(@IdParam() id: number, @CurrentActor() actor: Actor) {
    return this.commands.execute(new CloseLaboratoryCommand(actor, id));
  }
}

@ApiTags('laboratory-attributes')
@ApiBearerAuth()
@Controller('api/laboratory-attribute')
export class LaboratoryAttributesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @ProviderScoped()
  @Post('search')
  search(@ValidBody(attributeSearchBody) filter: z.infer<typeof attributeSearchBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchLaboratoryAttributesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  get(@IdParam() id: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetLaboratoryAttributeQuery(actor, id));
  }

  @ProviderScoped()
  @Post()
  create(@ValidBody(attributeBody) input: z.infer<typeof attributeBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryAttributeCommand(actor, input));
  }

  @ProviderScoped()
  @Post(':id')
  update(@IdParam() id: number, @ValidBody(attributeBody) input: z.infer<typeof attributeBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveLaboratoryAttributeCommand(actor, input, id));
  }

  @ProviderScoped()
  @Delete(':id')
  remove(@IdParam() id: number, @CurrentActor() actor: Actor) {
    return this.commands.execute(new DeleteLaboratoryAttributeCommand(actor, id));
  }
}

/** Select-list types and their values (spec §7); visitors read the public and filter ones. */
@ApiTags('select-lists')
@Controller('api')
export class SelectListsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Public()
  @Get('select-list-type')
  @ApiOperation({ summary: 'Listas públicas o de filtro, con sus valores activos' })
  listPublic() {
    return this.queries.execute(new SearchSelectListTypesQuery({ publicOnly: true, currentPage: 1, perPage: 100 }));
  }

  @Public()
  @Post('select-list-types/code')
  @ApiOperation({ summary: 'Listas públicas o de filtro por código' })
  byCodes(@ValidBody(codesBody) input: z.infer<typeof codesBody>) {
    return this.queries.execute(new SearchSelectListTypesQuery({ publicOnly: true, codes: input.codes, currentPage: input.currentPage, perPage: input.perPage }));
  }

  @AdminOnly()
  @Post('select-list-type/search')
  @ApiBearerAuth()
  search(@ValidBody(typeSearchBody) filter: z.infer<typeof typeSearchBody>) {
    return this.queries.execute(new SearchSelectListTypesQuery({ ...filter, publicOnly: false }));
  }

  @AdminOnly()
  @Get('select-list-type/:id')
  @ApiBearerAuth()
  get(@IdParam() id: number) {
    return this.queries.execute(new GetSelectListTypeQuery(id));
  }

  @AdminOnly()
  @Post('select-list-type')
  @ApiBearerAuth()
  create(@ValidBody(typeBody) input: z.infer<typeof typeBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveSelectListTypeCommand(actor, input, ip));
  }

  @AdminOnly()
  @Post('select-list-type/update-isvisible/:id')
  @ApiBearerAuth()
  updateIsVisible(@IdParam() id: number, @ValidBody(flagBody) input: z.infer<typeof flagBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.setFlag('isvisible', id, input.value, actor, ip);
  }

  @AdminOnly()
  @Post('select-list-type/update-ispublic/:id')
  @ApiBearerAuth()
  updateIsPublic(@IdParam() id: number, @ValidBody(flagBody) input: z.infer<typeof flagBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.setFlag('ispublic', id, input.value, actor, ip);
  }

  @AdminOnly()
  @Post('select-list-type/update-isfilter/:id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ofrecer (o no) la lista como filtro de /buscador; reproyecta sus laboratorios' })
  updateIsFilter(@IdParam() id: number, @ValidBody(flagBody) input: z.infer<typeof flagBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.setFlag('isfilter', id, input.value, actor, ip);
  }

  @AdminOnly()
  @Post('select-list-type/:id')
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(typeBody) input: z.infer<typeof typeBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveSelectListTypeCommand(actor, input, ip, id));
  }

  @AdminOnly()
  @Delete('select-list-type/:id')
  @ApiBearerAuth()
  remove(@IdParam() id: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DeleteSelectListTypeCommand(actor, id, ip));
  }

  @Public()
  @Get('select-list')
  @ApiOperation({ summary: 'Valores de las listas públicas o de filtro' })
  async listChildren() {
    const types = await this.queries.execute(new SearchSelectListTypesQuery({ publicOnly: true, currentPage: 1, perPage: 100 }));
    return types.items.flatMap((t) => t.children.map((c) => ({ ...c, type: { id: t.id, code: t.code, name: t.name } })));
  }

  @AdminOnly()
  @Get('select-list/:id')
  @ApiBearerAuth()
  getChild(@IdParam() id: number) {
    return this.queries.execute(new GetSelectListChildQuery(id));
  }

  @AdminOnly()
  @Post('select-list')
  @ApiBearerAuth()
  createChild(@ValidBody(childBody) input: z.infer<typeof childBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveSelectListChildCommand(actor, input));
  }

  @AdminOnly()
  @Post('select-list/:id')
  @ApiBearerAuth()
  updateChild(@IdParam() id: number, @ValidBody(childBody) input: z.infer<typeof childBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SaveSelectListChildCommand(actor, input, id));
  }

  @AdminOnly()
  @Delete('select-list/:id')
  @ApiBearerAuth()
  removeChild(@IdParam() id: number, @CurrentActor() actor: Actor) {
    return this.commands.execute(new DeleteSelectListChildCommand(actor, id));
  }

  private setFlag(flag: SelectListFlag, id: number, value: boolean, actor: Actor, ip: string) {
    return this.commands.execute(new SaveSelectListTypeCommand(actor, { [flag]: value }, ip, id));
  }
}

/** Near locations (spec §7): which comunas count as neighbours of a comuna in /buscador. */
@ApiTags('near-locations')
@Controller('api/location-near')
export class NearLocationsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @AdminOnly()
  @Get('import')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Carga la vecindad de comunas (límites compartidos) incluida en el proyecto' })
  import(@CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new ImportNearLocationsCommand(actor, ip));
  }

  @AdminOnly()
  @Get()
  @ApiBearerAuth()
  list() {
    return this.queries.execute(new SearchNearLocationsQuery({ currentPage: 1, perPage: 100 }));
  }

  @AdminOnly()
  @Post('search')
  @ApiBearerAuth()
  search(@ValidBody(nearSearchBody) filter: z.infer<typeof nearSearchBody>) {
    return this.queries.execute(new SearchNearLocationsQuery(filter));
  }

  @Public()
  @Post('search/:id')
  @ApiOperation({ summary: 'Comunas cercanas de una comuna' })
  nearOf(@IdParam() id: number) {
    return this.queries.execute(new SearchNearLocationsQuery({ locationId: id, currentPage: 1, perPage: 100 }));
  }

  @AdminOnly()
  @Post()
  @ApiBearerAuth()
  create(@ValidBody(nearBody) input: z.infer<typeof nearBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveNearLocationCommand(actor, input, ip));
  }

  @AdminOnly()
  @Post(':id')
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(nearBody) input: z.infer<typeof nearBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveNearLocationCommand(actor, input, ip, id));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiBearerAuth()
  remove(@IdParam() id: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DeleteNearLocationCommand(actor, id, ip));
  }
}

/** Insurers (FONASA and its tramos, Isapres...), for the search form. */
@ApiTags('insurers')
@Controller('api/insurer')
export class InsurersController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  list() {
    return this.queries.execute(new ListInsurersQuery());
  }
}
