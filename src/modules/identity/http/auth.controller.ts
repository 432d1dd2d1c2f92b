import { Controller, Get, Headers, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AdminOnly, Public, SignedIn } from '../../platform/auth/access-policy';
import { ClientIp, CurrentActor, type Actor } from '../../platform/auth/actor';
import { Sessions } from '../../platform/auth/sessions';
import { Throttles } from '../../platform/auth/throttles';
import { parseChileanPhone } from '../../platform/chile/phone';
import { emailField, idField, optionalText, personNameField, phoneField, rutField, textField } from '../../platform/http/fields';
import { ValidBody } from '../../platform/http/validated';
import { newPasswordField, passwordField } from '../../platform/security/password-policy';
import { SendContactMessageCommand } from './commands/contact.command';
import { ChangePasswordCommand, RequestPasswordRecoveryCommand, ResetPasswordCommand, UpdatePasswordCommand } from './commands/passwords.command';
import { SignInCommand } from './commands/sign-in.command';
import { AdminSignUpCommand, SignUpCommand, SignUpProviderCommand } from './commands/sign-up.command';
import { GetCurrentUserQuery } from './current-user.query';

const signInBody = z.object({ email: emailField, password: passwordField });
const accountFields = {
  firstName: personNameField('tu nombre'),
  lastName: personNameField('tu apellido'),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
};
const signUpBody = z.object(accountFields);
const signUpProviderBody = z.object({
  ...accountFields,
  rut: rutField,
  legalName: textField('la razón social', 200),
  tradeName: textField('el nombre de fantasía', 200),
  companyEmail: emailField.optional().or(z.literal('').transform(() => undefined)),
  companyPhone: phoneField,
  addressLine: optionalText(300),
  comunaId: idField('la comuna').optional().or(z.literal('').transform(() => undefined)),
});
const adminSignUpBody = z.object({ ...accountFields, rut: rutField.optional().or(z.literal('').transform(() => undefined)) });
const tokenBody = z.object({ token: z.string({ message: 'Falta el token.' }).min(1, 'Falta el token.').max(4096, 'El token no es válido.') });
const recoveryBody = z.object({ email: emailField });
const resetBody = z.object({ token: z.string({ message: 'Falta el token del enlace.' }).min(20, 'El enlace no es válido.').max(200, 'El enlace no es válido.'), password: newPasswordField });
const changeBody = z.object({ currentPassword: passwordField, newPassword: newPasswordField });
const updatePasswordBody = z.object({ personId: idField('la persona'), password: newPasswordField });
const phoneBody = z.object({ phone: z.string({ message: 'Ingresa un teléfono.' }).trim().min(1, 'Ingresa un teléfono.').max(40, 'El teléfono no es válido.') });
const contactBody = z.object({
  name: textField('tu nombre', 200),
  email: emailField,
  phone: phoneField,
  subject: optionalText(200),
  message: z.string({ message: 'Escribe tu mensaje.' }).trim().min(1, 'Escribe tu mensaje.').max(5000, 'Máximo 5000 caracteres.'),
});

/** Spec §7 "Auth and account". Answers are enveloped by the platform. */
@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sessions: Sessions,
    private readonly throttles: Throttles,
  ) {}

  @Public()
  @Post('auth/sign-in')
  @ApiOperation({ summary: 'Iniciar sesión: data.tokenData.accessToken, data.user y data.person' })
  signIn(@ValidBody(signInBody) input: z.infer<typeof signInBody>, @ClientIp() ip: string, @Headers('user-agent') userAgent?: string) {
    return this.commands.execute(new SignInCommand(input.email, input.password, { ip, userAgent }));
  }

  @SignedIn()
  @Get('auth/user')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'La cuenta y la persona de la sesión' })
  user(@CurrentActor() actor: Actor) {
    return this.queries.execute(new GetCurrentUserQuery(actor.userId));
  }

  @SignedIn()
  @Get('auth/logout')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cerrar sesión: el token deja de servir de inmediato' })
  async logout(@CurrentActor() actor: Actor) {
    await this.sessions.revoke(actor.sessionId);
    return { message: 'Cerraste sesión.' };
  }

  @Public()
  @Post('jwt/refresh-with-token')
  @ApiOperation({ summary: 'Renueva el token de acceso (vigente o recién vencido) de una sesión abierta' })
  async refresh(@ValidBody(tokenBody) input: z.infer<typeof tokenBody>, @ClientIp() ip: string) {
    await this.throttles.consume('refreshPerIp', ip);
    return { tokenData: await this.sessions.refresh(input.token) };
  }

  @Public()
  @Post('jwt/recovery-password')
  @ApiOperation({ summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)' })
  recoveryPassword(@ValidBody(recoveryBody) input: z.infer<typeof recoveryBody>, @ClientIp() ip: string) {
    return this.commands.execute(new RequestPasswordRecoveryCommand(input.email, ip));
  }

  @Public()
  @Post('auth/reset-password')
  @ApiOperation({ summary: 'Nueva contraseña con el enlace recibido por correo' })
  resetPassword(@ValidBody(resetBody) input: z.infer<typeof resetBody>, @ClientIp() ip: string) {
    return this.commands.execute(new ResetPasswordCommand(input.token, input.password, ip));
  }

  @SignedIn()
  @Post('auth/change-password')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cambiar la propia contraseña conociendo la actual; cierra las demás sesiones' })
  changePassword(@ValidBody(changeBody) input: z.infer<typeof changeBody>, @CurrentActor() actor: Actor) {
    return this.commands.execute(new ChangePasswordCommand(actor, input.currentPassword, input.newPassword));
  }

  @AdminOnly()
  @Post('auth/update-password')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Un administrador fija la contraseña de otra cuenta' })
  updatePassword(@ValidBody(updatePasswordBody) input: z.infer<typeof updatePasswordBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new UpdatePasswordCommand(actor, input.personId, input.password, ip));
  }

  @Public()
  @Post('auth/sign-up')
  @ApiOperation({ summary: 'Registro de un visitante (perfil USR)' })
  signUp(@ValidBody(signUpBody) input: z.infer<typeof signUpBody>, @ClientIp() ip: string) {
    return this.commands.execute(new SignUpCommand(input, ip));
  }

  @Public()
  @Post('auth/sign-up-provider')
  @ApiOperation({ summary: 'Registro de un laboratorio y su primer usuario (PRV); la empresa queda pendiente de aprobación' })
  signUpProvider(@ValidBody(signUpProviderBody) input: z.infer<typeof signUpProviderBody>, @ClientIp() ip: string) {
    const { rut, legalName, tradeName, companyEmail, companyPhone, addressLine, comunaId, ...account } = input;
    return this.commands.execute(new SignUpProviderCommand({ rut, legalName, tradeName, email: companyEmail, phone: companyPhone, addressLine, comunaId }, account, ip));
  }

  @AdminOnly()
  @Post('auth/admin-sign-up')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Un administrador crea otro administrador' })
  adminSignUp(@ValidBody(adminSignUpBody) input: z.infer<typeof adminSignUpBody>, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.commands.execute(new AdminSignUpCommand(input, actor, ip));
  }

  @Public()
  @Post('auth/contact-up')
  @ApiOperation({ summary: 'Mensaje del formulario de contacto' })
  contactUp(@ValidBody(contactBody) input: z.infer<typeof contactBody>, @ClientIp() ip: string) {
    return this.commands.execute(new SendContactMessageCommand(input, ip));
  }

  @Public()
  @Post('auth/valid-phone')
  @ApiOperation({ summary: 'Valida un teléfono chileno (móvil +56 9 XXXX XXXX o fijo)' })
  async validPhone(@ValidBody(phoneBody) input: z.infer<typeof phoneBody>, @ClientIp() ip: string) {
    await this.throttles.consume('phoneCheckPerIp', ip);
    const phone = parseChileanPhone(input.phone);
    return phone ? { valid: true, phone: phone.display, e164: phone.e164, kind: phone.kind } : { valid: false, phone: null, e164: null, kind: null };
  }
}
