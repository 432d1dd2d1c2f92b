import { Module } from '@nestjs/common';
import { CreateApiKeyHandler } from './commands/create-api-key/create-api-key.handler';
import { RevokeApiKeyHandler } from './commands/revoke-api-key/revoke-api-key.handler';
import { ApiKeysController } from './http/api-keys.controller';
import { SearchApiKeysHandler } from './queries/search-api-keys/search-api-keys.query';

/**
 * A company's API keys: created, listed and revoked here; a request authenticates with one in the platform's access
 * guard (platform/auth/api-keys.ts), next to sessions, so every route's policy applies to keys unchanged.
 */
@Module({ controllers: [ApiKeysController], providers: [CreateApiKeyHandler, RevokeApiKeyHandler, SearchApiKeysHandler] })
export class ApiKeysModule {}
