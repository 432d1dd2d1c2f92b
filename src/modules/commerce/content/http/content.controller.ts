import { Controller, Delete, Get, Header, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { AdminOnly, Public } from '../../../../platform/auth/access-policy';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateContentSlotCommand } from '../commands/create-content-slot/create-content-slot.command';
import { DeleteContentSlotCommand } from '../commands/delete-content-slot/delete-content-slot.command';
import { UpdateContentSlotCommand } from '../commands/update-content-slot/update-content-slot.command';
import type { SlotKind } from '../content-slot';
import { GetContentSlotQuery } from '../queries/get-content-slot/get-content-slot.query';
import { GetHomeMediaQuery } from '../queries/get-home-media/get-home-media.query';
import { SearchContentSlotsQuery } from '../queries/search-content-slots/search-content-slots.query';
import { createSlotBody, searchSlotsBody, updateSlotBody } from './content.schemas';

/** The same five routes for banners and for sliders (spec §7). */
abstract class ContentSlotsController {
  protected abstract readonly kind: SlotKind;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @AdminOnly()
  @Post('search')
  @ApiOperation({ summary: 'Banners o slides del back office, por título y estado (vigente o no), ordenados y paginados' })
  @ApiBearerAuth()
  search(@ValidBody(searchSlotsBody) filter: z.infer<typeof searchSlotsBody>) {
    return this.queries.execute(new SearchContentSlotsQuery(this.kind, filter));
  }

  @AdminOnly()
  @Get(':id')
  @ApiOperation({ summary: 'Un banner o slide, y si está vigente ahora' })
  @ApiBearerAuth()
  get(@IdParam() id: number) {
    return this.queries.execute(new GetContentSlotQuery(this.kind, id));
  }

  @AdminOnly()
  @Post()
  @ApiOperation({ summary: 'Agrega un banner o slide a la portada (imagen, enlace, orden y vigencia)' })
  @ApiBearerAuth()
  create(@ValidBody(createSlotBody) input: z.infer<typeof createSlotBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateContentSlotCommand(ctx, this.kind, input));
  }

  @AdminOnly()
  @Post(':id')
  @ApiOperation({ summary: 'Edita los campos enviados de un banner o slide' })
  @ApiBearerAuth()
  update(@IdParam() id: number, @ValidBody(updateSlotBody) changes: z.infer<typeof updateSlotBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new UpdateContentSlotCommand(ctx, this.kind, id, changes));
  }

  @AdminOnly()
  @Delete(':id')
  @ApiOperation({ summary: 'Borra un banner o slide; su imagen, si nada más la usa, se elimina después' })
  @ApiBearerAuth()
  remove(@IdParam() id: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new DeleteContentSlotCommand(ctx, this.kind, id));
  }
}

@ApiTags('banners')
@Controller('api/banner')
export class BannersController extends ContentSlotsController {
  protected readonly kind = 'banner';

  // Declared here: Nest injects by the constructor's own parameter types, not its parent's.
  constructor(commands: CommandBus, queries: QueryBus) {
    super(commands, queries);
  }
}

@ApiTags('sliders')
@Controller('api/slider')
export class SlidersController extends ContentSlotsController {
  protected readonly kind = 'slider';

  // Declared here: Nest injects by the constructor's own parameter types, not its parent's.
  constructor(commands: CommandBus, queries: QueryBus) {
    super(commands, queries);
  }
}

@ApiTags('banners')
@Controller('api/media')
export class HomeMediaController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  // Shared caches may hold it briefly: a new banner shows within a minute.
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({ summary: 'Banners y slides vigentes de la portada, en orden' })
  home() {
    return this.queries.execute(new GetHomeMediaQuery());
  }
}
