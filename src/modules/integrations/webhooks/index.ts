export { WebhooksModule } from './webhooks.module';
export * from './webhooks.errors';
/** Tests and docs: how a receiver verifies a signature, and the headers sent. */
export { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, verifySignature } from './domain/signature';
