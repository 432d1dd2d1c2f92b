import { Module } from '@nestjs/common';
import { RecordAccessHandler } from './commands/record-access/record-access.handler';
import { AccessLogController } from './http/access-log.controller';
import { SearchHistoryWriter } from './jobs/search-history.writer';

/** What the reports read: the storefront's access log, every search and the results it showed. */
@Module({
  controllers: [AccessLogController],
  providers: [RecordAccessHandler, SearchHistoryWriter],
})
export class ReportsModule {}
