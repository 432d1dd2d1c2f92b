import { Controller, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped, SessionOnly } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { SkipIdempotency } from '../../../../platform/http/idempotency';
import { IdParam, ValidBody } from '../../../../platform/http/validated';
import { CreateApiKeyCommand } from '../commands/create-api-key/create-api-key.command';
import { RevokeApiKeyCommand } from '../commands/revoke-api-key/revoke-api-key.command';
import { SearchApiKeysQuery } from '../queries/search-api-keys/search-api-keys.query';
import { createApiKeyBody, searchApiKeysBody } from './api-keys.schemas';

/**
 * A company's API keys (issue 27, item 4), managed by its people in `/app/my-company`: a person's session only, never
 * a key (a leaked key cannot make itself another one, nor keep itself alive after being revoked).
 */
@ApiTags('api-keys')
@ApiBearerAuth()
@SessionOnly()
@Controller('api/api-key')
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Claves de API (PRV: de su empresa; ADM: de cualquiera): nunca el secreto, solo su prefijo' })
  search(@CurrentActor() actor: Actor, @ValidBody(searchApiKeysBody) filter: z.infer<typeof searchApiKeysBody>) {
    return this.queries.execute(new SearchApiKeysQuery(actor, filter));
  }

  @ProviderScoped()
  @Post()
  // The answer carries the secret, which is never stored: not even as an idempotent replay.
  @SkipIdempotency()
  @ApiOperation({ summary: 'Crear una clave de API de la propia empresa: el secreto se muestra solo en esta respuesta (ignora Idempotency-Key)' })
  create(@Ctx() ctx: CommandContext, @ValidBody(createApiKeyBody) body: z.infer<typeof createApiKeyBody>) {
    return this.commands.execute(new CreateApiKeyCommand(ctx, body.name));
  }

  @ProviderScoped()
  @Post(':id/revoke')
  @ApiOperation({ summary: 'Revocar una clave de API: deja de funcionar en la siguiente solicitud' })
  revoke(@Ctx() ctx: CommandContext, @IdParam() id: number) {
    return this.commands.execute(new RevokeApiKeyCommand(ctx, id));
  }
}
