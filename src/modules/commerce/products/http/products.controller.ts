import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, ProviderScoped, Public } from '../../../../platform/auth/access-policy';
import { CurrentActor, isAdmin, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateProductCommand } from '../commands/create-product/create-product.command';
import { DeleteProductCommand } from '../commands/delete-product/delete-product.command';
import { UpdateProductCommand } from '../commands/update-product/update-product.command';
import { FindCoveringPackagesQuery } from '../queries/find-covering-packages/find-covering-packages.query';
import { GetProductQuery } from '../queries/get-product/get-product.query';
import { SearchProductsQuery } from '../queries/search-products/search-products.query';
import { coveringPackagesBody, createProductBody, searchProductsBody, updateProductBody } from './products.schemas';

/**
 * `/api/product/*`: the storefront's lists and product page (public: sellable products only) and the
 * administrators' upkeep. An administrator's search with a `status` is the back office's list (every
 * product); without one it is the storefront's, whoever asks.
 */
@ApiTags('products')
@Controller('api/product')
export class ProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Post('search')
  @ApiOperation({ summary: 'Productos: list=general|offers|new para la tienda; un administrador con status ve todos' })
  search(@CurrentActor() actor: Actor | undefined, @ValidBody(searchProductsBody) filter: z.infer<typeof searchProductsBody>) {
    const audience = isAdmin(actor) && filter.status ? { kind: 'manage' as const, actor } : { kind: 'storefront' as const };
    return this.queries.execute(new SearchProductsQuery(audience, filter));
  }

  // Declared before `:id`: Express tries routes in order.
  @Public()
  @Post('covering')
  @ApiOperation({ summary: 'Paquetes que incluyen todos los exámenes de una orden y cuestan menos que sus precios por separado en la misma sucursal' })
  covering(@ValidBody(coveringPackagesBody) request: z.infer<typeof coveringPackagesBody>) {
    return this.queries.execute(new FindCoveringPackagesQuery(request));
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Un producto (público si está a la venta; un administrador, cualquiera)' })
  get(@CurrentActor() actor: Actor | undefined, @IdParam() id: number) {
    return this.queries.execute(new GetProductQuery(isAdmin(actor) ? { kind: 'manage', actor } : { kind: 'storefront' }, id));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Un administrador pone a la venta un paquete de exámenes en una sucursal' })
  @ApiBearerAuth()
  create(@Ctx() ctx: CommandContext, @ValidBody(createProductBody) input: z.infer<typeof createProductBody>) {
    return this.commands.execute(new CreateProductCommand(ctx, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Un administrador edita los campos enviados de un producto' })
  @ApiBearerAuth()
  update(@Ctx() ctx: CommandContext, @IdParam() id: number, @ValidBody(updateProductBody) changes: z.infer<typeof updateProductBody>) {
    return this.commands.execute(new UpdateProductCommand(ctx, id, changes));
  }
}

/** `/api/provider/product/*`: a provider's own products (an administrator's: all). */
@ApiTags('products')
@Controller('api/provider/product')
export class ProviderProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Productos del back office, activos o no (PRV: de su empresa; ADM: todos)' })
  @ApiBearerAuth()
  search(@CurrentActor() actor: Actor, @ValidBody(searchProductsBody) filter: z.infer<typeof searchProductsBody>) {
    return this.queries.execute(new SearchProductsQuery({ kind: 'manage', actor }, filter));
  }

  @ProviderScoped()
  @Get(':id')
  @ApiOperation({ summary: 'Un producto del back office, activo o no (PRV: solo de su empresa)' })
  @ApiBearerAuth()
  get(@CurrentActor() actor: Actor, @IdParam() id: number) {
    return this.queries.execute(new GetProductQuery({ kind: 'manage', actor }, id));
  }

  @ProviderScoped()
  @Post()
  @ApiOperation({ summary: 'Pone a la venta un paquete de exámenes en una sucursal (PRV: solo en las suyas)' })
  @ApiBearerAuth()
  create(@Ctx() ctx: CommandContext, @ValidBody(createProductBody) input: z.infer<typeof createProductBody>) {
    return this.commands.execute(new CreateProductCommand(ctx, input));
  }

  @ProviderScoped()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de un producto (PRV: solo de su empresa)' })
  @ApiBearerAuth()
  update(@Ctx() ctx: CommandContext, @IdParam() id: number, @ValidBody(updateProductBody) changes: z.infer<typeof updateProductBody>) {
    return this.commands.execute(new UpdateProductCommand(ctx, id, changes));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Elimina un producto; las órdenes ya hechas conservan lo comprado (PRV: solo de su empresa)' })
  @ApiBearerAuth()
  remove(@Ctx() ctx: CommandContext, @IdParam() id: number) {
    return this.commands.execute(new DeleteProductCommand(ctx, id));
  }
}
