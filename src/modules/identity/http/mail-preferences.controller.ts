import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { MAIL_KINDS } from '../../../contracts/mail-preferences';
import { ProviderScoped, SessionOnly } from '../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../platform/auth/actor';
import { booleanField } from '../../../platform/http/fields';
import { ValidBody } from '../../../platform/http/validated';
import { SetMailPreferenceCommand } from '../commands/set-mail-preference/set-mail-preference.command';
import { GetMailPreferencesQuery } from '../queries/get-mail-preferences/get-mail-preferences.query';

const mailPreferenceBody = z.object({
  kind: z.enum(MAIL_KINDS, { message: 'Indica un tipo de aviso válido.' }),
  enabled: booleanField,
});

/** Issue 27, item 3: the back office's people (administrators and provider users) turn their optional mails on or off. */
@ApiTags('auth')
// A person's own mails: a company's API key (which acts as its creator) does not change them.
@SessionOnly()
@Controller('api/auth/mail-preferences')
export class MailPreferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Get()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Los avisos por correo de mi perfil, cada uno activo o no' })
  get(@CurrentActor() actor: Actor) {
    return this.queries.execute(new GetMailPreferencesQuery(actor));
  }

  @ProviderScoped()
  @Post()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Activar o desactivar un tipo de aviso por correo para mí' })
  set(@ValidBody(mailPreferenceBody) input: z.infer<typeof mailPreferenceBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new SetMailPreferenceCommand(actor, input.kind, input.enabled));
  }
}
