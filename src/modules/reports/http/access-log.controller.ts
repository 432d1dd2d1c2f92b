import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { Public } from '../../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Throttles } from '../../../platform/auth/throttles';
import { ValidBody } from '../../../platform/http/validated';
import { RecordAccessCommand } from '../commands/record-access/record-access.command';

const accessBody = z.object({
  route: z.string().trim().min(1, 'Indica la ruta.').max(500, 'Máximo 500 caracteres.').startsWith('/', 'La ruta debe comenzar con /.'),
  /** The browser session: seconds since epoch when it began (spec §9). */
  session: z.coerce.number({ message: 'La sesión debe ser un número.' }).int('La sesión debe ser un número entero.').min(1, 'La sesión no es válida.').max(99999999999, 'La sesión no es válida.'),
  /** Sent by the client (spec §7) but never trusted: the person is the token's, or nobody. */
  personId: z.unknown().optional(),
});

/** The storefront's access log: one row per route change, for the reports. */
@ApiTags('reports')
@Controller('api')
export class AccessLogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly throttles: Throttles,
  ) {}

  @Public()
  @Post('log-access')
  @ApiOperation({ summary: 'Registra un cambio de ruta del sitio público (ruta, sesión y la persona conectada)' })
  async record(@ValidBody(accessBody) input: z.infer<typeof accessBody>, @ClientIp() ip: string, @CurrentActor() actor?: Actor) {
    await this.throttles.consume('accessLogPerIp', ip);
    return this.commands.execute(new RecordAccessCommand(input.route, input.session, actor?.personId ?? null, ip));
  }
}
