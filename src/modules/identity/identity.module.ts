import { Module } from '@nestjs/common';
import { ContactController } from './http/contact.controller';
import { AccountMailsConsumer } from './account-mails.consumer';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { CreateAdministratorHandler } from './commands/create-administrator/create-administrator.handler';
import { CreatePersonHandler } from './commands/create-person/create-person.handler';
import { DeletePersonHandler } from './commands/delete-person/delete-person.handler';
import { ReactivatePersonHandler } from './commands/reactivate-person/reactivate-person.handler';
import { GrantPersonVisibilityHandler } from './commands/grant-person-visibility/grant-person-visibility.handler';
import { RefreshSessionHandler } from './commands/refresh-session/refresh-session.handler';
import { RequestPasswordRecoveryHandler } from './commands/request-password-recovery/request-password-recovery.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { RevokePersonVisibilityHandler } from './commands/revoke-person-visibility/revoke-person-visibility.handler';
import { SendContactMessageHandler } from './commands/send-contact-message/send-contact-message.handler';
import { SetPasswordHandler } from './commands/set-password/set-password.handler';
import { SignInHandler } from './commands/sign-in/sign-in.handler';
import { SignOutHandler } from './commands/sign-out/sign-out.handler';
import { SignUpProviderHandler } from './commands/sign-up-provider/sign-up-provider.handler';
import { SignUpHandler } from './commands/sign-up/sign-up.handler';
import { UpdatePersonVisibilityHandler } from './commands/update-person-visibility/update-person-visibility.handler';
import { UpdatePersonHandler } from './commands/update-person/update-person.handler';
import { AuthController } from './http/auth.controller';
import { JwtController } from './http/jwt.controller';
import { PersonVisibilityController } from './http/person-visibility.controller';
import { PersonsController } from './http/persons.controller';
import { MailPreferencesController } from './http/mail-preferences.controller';
import { SetMailPreferenceHandler } from './commands/set-mail-preference/set-mail-preference.handler';
import { GetMailPreferencesHandler } from './queries/get-mail-preferences/get-mail-preferences.query';
import { CheckPhoneHandler } from './queries/check-phone/check-phone.query';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.query';
import { GetPersonVisibilityHandler } from './queries/get-person-visibility/get-person-visibility.query';
import { GetPersonHandler } from './queries/get-person/get-person.query';
import { ListPersonVisibilitiesHandler } from './queries/list-person-visibilities/list-person-visibilities.query';
import { SearchPersonsHandler } from './queries/search-persons/search-persons.query';

/**
 * Who people are and how they get in: sign-in and sessions, sign-up, passwords, the contact
 * form, persons (accounts of every profile) and their visibility grants, and the mail all of it
 * causes.
 */
@Module({
  controllers: [AuthController, ContactController, JwtController, PersonsController, PersonVisibilityController, MailPreferencesController],
  providers: [
    SignInHandler, SignOutHandler, RefreshSessionHandler,
    SignUpHandler, SignUpProviderHandler, CreateAdministratorHandler,
    RequestPasswordRecoveryHandler, ResetPasswordHandler, ChangePasswordHandler, SetPasswordHandler,
    SendContactMessageHandler,
    CreatePersonHandler, UpdatePersonHandler, DeletePersonHandler, ReactivatePersonHandler,
    GrantPersonVisibilityHandler, UpdatePersonVisibilityHandler, RevokePersonVisibilityHandler,
    GetCurrentUserHandler, CheckPhoneHandler, SearchPersonsHandler, GetPersonHandler, ListPersonVisibilitiesHandler, GetPersonVisibilityHandler,
    SetMailPreferenceHandler, GetMailPreferencesHandler,
    AccountMailsConsumer,
  ],
})
export class IdentityModule {}
