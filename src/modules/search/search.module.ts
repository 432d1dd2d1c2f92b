import { Global, Module } from '@nestjs/common';
import { PrismaService } from '../../platform/database/prisma.service';
import { PostgresSearchIndex } from './postgres-search-index';
import { SEARCH_INDEX } from './search-index';
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
    { provide: SEARCH_INDEX, useFactory: (prisma: PrismaService) => new PostgresSearchIndex(prisma), inject: [PrismaService] },
    SearchProjector,
    SearchLaboratoriesHandler,
    SearchExamsHandler,
    SearchHistoryWriter,
  ],
  exports: [SEARCH_INDEX],
})
export class SearchModule {}
