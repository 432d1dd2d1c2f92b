import { Inject, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { HotPath } from '../../platform/database/hot-path';
import { PrismaService } from '../../platform/database/prisma.service';
import { ReadinessChecks } from '../../platform/health/readiness';
import { SearchProjector } from './consumers/search-projector.consumer';
import { SearchController } from './http/search.controller';
import { ElasticsearchSearchIndex } from './infrastructure/elasticsearch-search-index';
import { PostgresSearchIndex } from './infrastructure/postgres-search-index';
import { SearchLaboratoriesHandler } from './queries/search-laboratories/search-laboratories.query';
import { SEARCH_INDEX, type SearchIndex } from './search-index';
import { SearchAnswerCache } from './search-answer-cache';
import { SearchChanges } from './search-changes';
import { SearchReferences } from './search-references';
import { PriceStats } from './price-stats';
import { ROOT_LOGGER } from '../../platform/platform.tokens';
import type { Logger } from 'pino';

/** The read side of /buscador: the search index port, its projector, and the quotes. */
@Module({
  controllers: [SearchController],
  providers: [
    {
      provide: SEARCH_INDEX,
      // Elasticsearch when configured (full deployment), else the read tables in PostgreSQL.
      useFactory: (prisma: PrismaService, reads: HotPath, config: AppConfig): SearchIndex =>
        config.elasticsearchUrl ? new ElasticsearchSearchIndex(prisma, config.elasticsearchUrl) : new PostgresSearchIndex(prisma, reads),
      inject: [PrismaService, HotPath, APP_CONFIG],
    },
    {
      provide: SearchChanges,
      // Only the roles that answer searches keep anything of them, and so listen (a connection each).
      useFactory: (prisma: PrismaService, config: AppConfig, log: Logger) => {
        const changes = new SearchChanges(prisma.databaseUrl, log.child({ module: 'search-cache' }));
        if (config.role !== 'worker') changes.start();
        return changes;
      },
      inject: [PrismaService, APP_CONFIG, ROOT_LOGGER],
    },
    {
      provide: SearchAnswerCache,
      useFactory: (changes: SearchChanges, config: AppConfig) => new SearchAnswerCache(changes, config.searchCache),
      inject: [SearchChanges, APP_CONFIG],
    },
    {
      provide: SearchReferences,
      useFactory: (reads: HotPath, changes: SearchChanges) => new SearchReferences(reads, changes),
      inject: [HotPath, SearchChanges],
    },
    {
      provide: PriceStats,
      useFactory: (reads: HotPath, changes: SearchChanges) => new PriceStats(reads, changes),
      inject: [HotPath, SearchChanges],
    },
    SearchProjector,
    SearchLaboratoriesHandler,
  ],
  exports: [SEARCH_INDEX],
})
export class SearchModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly changes: SearchChanges,
    private readonly readiness: ReadinessChecks,
  ) {}

  onModuleInit(): void {
    this.readiness.register({ name: 'search', kind: this.index.kind, ping: () => this.index.ping() });
  }

  async onModuleDestroy(): Promise<void> {
    await this.changes.close();
    await this.index.close?.();
  }
}
