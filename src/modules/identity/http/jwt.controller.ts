import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { Public } from '../../../platform/auth/access-policy';
import { ClientIp } from '../../../platform/auth/actor';
import { ValidBody } from '../../../platform/http/validated';
import { RefreshSessionCommand } from '../commands/refresh-session/refresh-session.command';
import { RequestPasswordRecoveryCommand } from '../commands/request-password-recovery/request-password-recovery.command';
import { recoveryBody, refreshBody } from './jwt.schemas';

/** Spec §7 "Auth and account": the token routes the spec files under `/api/jwt`. */
@ApiTags('auth')
@Controller('api/jwt')
export class JwtController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Post('refresh-with-token')
  @ApiOperation({ summary: 'Renueva el token de acceso (vigente o recién vencido) de una sesión abierta' })
  refresh(@ValidBody(refreshBody) input: z.infer<typeof refreshBody>, @ClientIp() ip: string) {
    return this.commands.execute(new RefreshSessionCommand(input.token, ip));
  }

  @Public()
  @Post('recovery-password')
  @ApiOperation({ summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)' })
  recoveryPassword(@ValidBody(recoveryBody) input: z.infer<typeof recoveryBody>, @ClientIp() ip: string) {
    return this.commands.execute(new RequestPasswordRecoveryCommand(input.email, ip));
  }
}
