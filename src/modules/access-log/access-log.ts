import { Controller, Module, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Public } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { Throttles } from '../../platform/auth/throttles';
import { PrismaService } from '../../platform/database/prisma.service';
import { ValidBody } from '../../platform/http/validated';

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
    private readonly prisma: PrismaService,
    private readonly throttles: Throttles,
  ) {}

  @Public()
  @Post('log-access')
  @ApiOperation({ summary: 'Registra un cambio de ruta del sitio público (ruta, sesión y la persona conectada)' })
  async record(@ValidBody(accessBody) input: z.infer<typeof accessBody>, @ClientIp() ip: string, @CurrentActor() actor?: Actor) {
    await this.throttles.consume('accessLogPerIp', ip);
    await this.prisma.accessLog.create({ data: { route: input.route, session: BigInt(input.session), personId: actor?.personId ?? null } });
    return { recorded: true };
  }
}

@Module({ controllers: [AccessLogController] })
export class AccessLogModule {}
