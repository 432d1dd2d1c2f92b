import { Controller, Get, Headers, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { AdminOnly, Public, SignedIn } from '../../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../platform/cqrs/command-context';
import { ValidBody } from '../../../platform/http/validated';
import { ChangePasswordCommand } from '../commands/change-password/change-password.command';
import { CreateAdministratorCommand } from '../commands/create-administrator/create-administrator.command';
import { ResetPasswordCommand } from '../commands/reset-password/reset-password.command';
import { SendContactMessageCommand } from '../commands/send-contact-message/send-contact-message.command';
import { SetPasswordCommand } from '../commands/set-password/set-password.command';
import { SignInCommand } from '../commands/sign-in/sign-in.command';
import { SignOutCommand } from '../commands/sign-out/sign-out.command';
import { SignUpProviderCommand } from '../commands/sign-up-provider/sign-up-provider.command';
import { SignUpCommand } from '../commands/sign-up/sign-up.command';
import { CheckPhoneQuery } from '../queries/check-phone/check-phone.query';
import { GetCurrentUserQuery } from '../queries/get-current-user/get-current-user.query';
import {
  adminSignUpBody, changePasswordBody, contactBody, resetPasswordBody, signInBody, signUpBody, signUpProviderBody, updatePasswordBody, validPhoneBody,
} from './auth.schemas';

/** Spec §7 "Auth and account". Answers are enveloped by the platform. */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Post('sign-in')
  @ApiOperation({ summary: 'Iniciar sesión: data.tokenData.accessToken, data.user y data.person' })
  signIn(@ValidBody(signInBody) input: z.infer<typeof signInBody>, @ClientIp() ip: string, @Headers('user-agent') userAgent?: string) {
    return this.commands.execute(new SignInCommand(input.email, input.password, { ip, userAgent }));
  }

  @SignedIn()
  @Get('user')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'La cuenta y la persona de la sesión' })
  user(@CurrentActor() actor: Actor) {
    return this.queries.execute(new GetCurrentUserQuery(actor.userId));
  }

  @SignedIn()
  @Get('logout')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cerrar sesión: el token deja de servir de inmediato' })
  logout(@CurrentActor() actor: Actor) {
    return this.commands.execute(new SignOutCommand(actor));
  }

  @Public()
  @Post('reset-password')
  @ApiOperation({ summary: 'Nueva contraseña con el enlace recibido por correo' })
  resetPassword(@ValidBody(resetPasswordBody) input: z.infer<typeof resetPasswordBody>, @ClientIp() ip: string) {
    return this.commands.execute(new ResetPasswordCommand(input.token, input.password, ip));
  }

  @SignedIn()
  @Post('change-password')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cambiar la propia contraseña conociendo la actual; cierra las demás sesiones' })
  changePassword(@ValidBody(changePasswordBody) input: z.infer<typeof changePasswordBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new ChangePasswordCommand(actor, input.currentPassword, input.newPassword));
  }

  @AdminOnly()
  @Post('update-password')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Un administrador fija la contraseña de otra cuenta' })
  updatePassword(@ValidBody(updatePasswordBody) input: z.infer<typeof updatePasswordBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new SetPasswordCommand(ctx, input.personId, input.password));
  }

  @Public()
  @Post('sign-up')
  @ApiOperation({ summary: 'Registro de un visitante (perfil USR)' })
  signUp(@ValidBody(signUpBody) input: z.infer<typeof signUpBody>, @ClientIp() ip: string) {
    return this.commands.execute(new SignUpCommand(input, ip));
  }

  @Public()
  @Post('sign-up-provider')
  @ApiOperation({ summary: 'Registro de un laboratorio y su primer usuario (PRV); la empresa queda pendiente de aprobación' })
  signUpProvider(@ValidBody(signUpProviderBody) input: z.infer<typeof signUpProviderBody>, @ClientIp() ip: string) {
    const { rut, legalName, tradeName, companyEmail, companyPhone, addressLine, comunaId, ...account } = input;
    return this.commands.execute(new SignUpProviderCommand({ rut, legalName, tradeName, email: companyEmail, phone: companyPhone, addressLine, comunaId }, account, ip));
  }

  @AdminOnly()
  @Post('admin-sign-up')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Un administrador crea otro administrador' })
  adminSignUp(@ValidBody(adminSignUpBody) input: z.infer<typeof adminSignUpBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new CreateAdministratorCommand(ctx, input));
  }

  @Public()
  @Post('contact-up')
  @ApiOperation({ summary: 'Mensaje del formulario de contacto' })
  contactUp(@ValidBody(contactBody) input: z.infer<typeof contactBody>, @ClientIp() ip: string) {
    return this.commands.execute(new SendContactMessageCommand(input, ip));
  }

  @Public()
  @Post('valid-phone')
  @ApiOperation({ summary: 'Valida un teléfono chileno (móvil +56 9 XXXX XXXX o fijo)' })
  validPhone(@ValidBody(validPhoneBody) input: z.infer<typeof validPhoneBody>, @ClientIp() ip: string) {
    return this.queries.execute(new CheckPhoneQuery(input.phone, ip));
  }
}
