import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { PrismaService } from '../platform/database/prisma.service';
import { announceSearchChange, SEARCH_INDEX, type SearchIndex } from '../modules/search';

/** `search:reindex`: rebuilds the whole search index from PostgreSQL (also after the first seed). */
export async function reindexSearch(app: INestApplication, log: Logger) {
  const started = Date.now();
  const counts = await app.get<SearchIndex>(SEARCH_INDEX).reindexAll();
  // The API processes running beside it forget the answers they kept.
  await announceSearchChange(app.get(PrismaService));
  log.info({ ...counts, ms: Date.now() - started }, 'search index rebuilt');
  return counts;
}
