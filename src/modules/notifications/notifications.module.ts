import { Module } from '@nestjs/common';
import { BackOfficeMailsConsumer } from './consumers/back-office-mails.consumer';
import { AuthorizationDigest } from './jobs/authorization-digest.job';

/**
 * Telling the back office's people what happened (issue 27, item 3): mails composed from other modules' events and
 * a daily digest, each kind sent only to who did not turn it off (the preference is the person's, in identity).
 */
@Module({ providers: [BackOfficeMailsConsumer, AuthorizationDigest] })
export class NotificationsModule {}
