import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService } from '../../platform/database/prisma.service';
import { ElasticsearchSearchIndex } from './elasticsearch-search-index';
import { PostgresSearchIndex } from './postgres-search-index';
import { SEARCH_INDEX, type SearchIndex } from './search-index';
import { SearchController } from './search.controller';
import { SearchExamsHandler } from './search-exams.query';
import { SearchHistoryWriter } from './search-history';
import { SearchLaboratoriesHandler } from './search-laboratories.query';
import { SearchProjector } from './search-projector.consumer';

/** The read side of /buscador: the search index port, its projector, the searches and their history. */
@Global()
@Module({
  controllers: [SearchController],
  providers: [
    {
      provide: SEARCH_INDEX,
      // Elasticsearch when configured (full deployment), else the read tables in PostgreSQL.
      useFactory: (prisma: PrismaService, config: AppConfig): SearchIndex =>
        config.elasticsearchUrl ? new ElasticsearchSearchIndex(prisma, config.elasticsearchUrl) : new PostgresSearchIndex(prisma),
      inject: [PrismaService, APP_CONFIG],
    },
    SearchProjector,
    SearchLaboratoriesHandler,
    SearchExamsHandler,
    SearchHistoryWriter,
  ],
  exports: [SEARCH_INDEX],
})
export class SearchModule {}
