import { Module } from '@nestjs/common';
import { AccountMailsConsumer } from './account-mails.consumer';
import { AuthController } from './auth.controller';
import { SendContactMessageHandler } from './commands/contact.command';
import { ChangePasswordHandler, RequestPasswordRecoveryHandler, ResetPasswordHandler, UpdatePasswordHandler } from './commands/passwords.command';
import { SignInHandler } from './commands/sign-in.command';
import { AdminSignUpHandler, SignUpHandler, SignUpProviderHandler } from './commands/sign-up.command';
import { GetCurrentUserHandler } from './current-user.query';

/** Sign-in, sessions, sign-up, passwords, contact messages, and the mail they cause. */
@Module({
  controllers: [AuthController],
  providers: [
    SignInHandler, SignUpHandler, SignUpProviderHandler, AdminSignUpHandler,
    RequestPasswordRecoveryHandler, ResetPasswordHandler, ChangePasswordHandler, UpdatePasswordHandler,
    SendContactMessageHandler, GetCurrentUserHandler, AccountMailsConsumer,
  ],
})
export class AccountsModule {}
