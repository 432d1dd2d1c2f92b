import { Module } from '@nestjs/common';
import { RecordAccessHandler } from './commands/record-access/record-access.handler';
import { AccessLogController } from './http/access-log.controller';
import { BackofficeReportsController } from './http/backoffice-reports.controller';
import { SearchHistoryWriter } from './jobs/search-history.writer';
import { GetDashboardHandler } from './queries/get-dashboard/get-dashboard.query';
import { SearchAuditHandler } from './queries/search-audit/search-audit.query';

/**
 * What the reports read: the storefront's access log, every search and the results it showed; and
 * the back office's read-only views across contexts (the `/app` dashboard counts, the audit timeline).
 */
@Module({
  controllers: [AccessLogController, BackofficeReportsController],
  providers: [RecordAccessHandler, SearchHistoryWriter, GetDashboardHandler, SearchAuditHandler],
})
export class ReportsModule {}
