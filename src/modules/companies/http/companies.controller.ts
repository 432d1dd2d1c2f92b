import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { AdminOnly, ProviderScoped } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../platform/http/validated';
import { ApproveCompanyCommand } from '../commands/approve-company/approve-company.command';
import { CreateCompanyCommand } from '../commands/create-company/create-company.command';
import { RejectCompanyCommand } from '../commands/reject-company/reject-company.command';
import { UpdateCompanyCommand } from '../commands/update-company/update-company.command';
import { GetCompanyQuery } from '../queries/get-company/get-company.query';
import { SearchCompaniesQuery } from '../queries/search-companies/search-companies.query';
import { createCompanyBody, rejectCompanyBody, searchCompaniesBody, updateCompanyBody } from './companies.schemas';

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
  search(@ValidBody(searchCompaniesBody) filter: z.infer<typeof searchCompaniesBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchCompaniesQuery(actor, filter));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Una empresa (ADM: cualquiera; PRV: solo la propia)' })
  get(@IdParam() companyId: number, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetCompanyQuery(actor, companyId));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Crear una empresa (queda aprobada)' })
  create(@ValidBody(createCompanyBody) input: z.infer<typeof createCompanyBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateCompanyCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Editar una empresa (PRV: la propia, sin cambiar el RUT)' })
  update(@IdParam() companyId: number, @ValidBody(updateCompanyBody) changes: z.infer<typeof updateCompanyBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateCompanyCommand(ctx, companyId, changes));
  }

  @AdminOnly()
  @Post(':id/approve')
  @ApiOperation({ summary: 'Aprobar una empresa registrada por un proveedor' })
  approve(@IdParam() companyId: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new ApproveCompanyCommand(ctx, companyId));
  }

  @AdminOnly()
  @Post(':id/reject')
  @ApiOperation({ summary: 'Rechazar una empresa (o retirar su aprobación) indicando el motivo, que se envía por correo a sus usuarios' })
  reject(@IdParam() companyId: number, @ValidBody(rejectCompanyBody) { reason }: z.infer<typeof rejectCompanyBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RejectCompanyCommand(ctx, companyId, reason));
  }
}
