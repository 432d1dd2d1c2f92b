export { NotificationsModule } from './notifications.module';
export { AuthorizationDigest, DIGEST_HOUR } from './jobs/authorization-digest.job';
