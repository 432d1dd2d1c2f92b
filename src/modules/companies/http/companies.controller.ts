import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminOnly, ProviderScoped } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { blankAsAbsent, clearable, emailField, idField, optionalText, pagingFields, phoneField, rutField, textField } from '../../platform/http/fields';
import { IdParam, ValidBody } from '../../platform/http/validated';
import { COMPANY_STATUSES, DecideCompanyCommand, GetCompanyQuery, SaveCompanyCommand, SearchCompaniesQuery } from './companies';

const searchBody = z.object({
  name: optionalText(200),
  rut: blankAsAbsent(rutField),
  status: blankAsAbsent(z.enum(COMPANY_STATUSES, { message: 'El estado debe ser PENDING, APPROVED o REJECTED.' })),
  ...pagingFields,
});
const saveBody = z.object({
  rut: rutField.optional(),
  legalName: textField('la razón social', 200).optional(),
  tradeName: textField('el nombre de fantasía', 200).optional(),
  email: clearable(emailField),
  phone: clearable(phoneField),
  website: clearable(z.url({ protocol: /^https?$/, message: 'Ingresa una dirección web válida (https://...).' }).max(300)),
  addressLine: clearable(optionalText(300)),
  comunaId: clearable(idField('la comuna')),
});

/** Spec §7 "Sales orders and companies" (companies), plus what the back office needs to keep them. */
@ApiTags('companies')
@ApiBearerAuth()
@Controller('api/company')
export class CompaniesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Empresas (ADM: todas; PRV: la propia)' })
  search(@ValidBody(searchBody) filter: z.infer<typeof searchBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchCompaniesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  get(@IdParam() companyId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetCompanyQuery(actor, companyId));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Crear una empresa (queda aprobada)' })
  create(@ValidBody(saveBody) input: z.infer<typeof saveBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveCompanyCommand(actor, input, ip));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Editar una empresa (PRV: la propia, sin cambiar el RUT)' })
  update(@IdParam() companyId: number, @ValidBody(saveBody) input: z.infer<typeof saveBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new SaveCompanyCommand(actor, input, ip, companyId));
  }

  @AdminOnly()
  @Post(':id/approve')
  @ApiOperation({ summary: 'Aprobar una empresa registrada por un proveedor' })
  approve(@IdParam() companyId: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DecideCompanyCommand(actor, companyId, 'APPROVED', ip));
  }

  @AdminOnly()
  @Post(':id/reject')
  @ApiOperation({ summary: 'Rechazar una empresa registrada por un proveedor' })
  reject(@IdParam() companyId: number, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new DecideCompanyCommand(actor, companyId, 'REJECTED', ip));
  }
}
