import { Module } from '@nestjs/common';
import { RecordAccessHandler } from './commands/record-access/record-access.handler';
import { AccessLogController } from './http/access-log.controller';
import { BackofficeReportsController } from './http/backoffice-reports.controller';
import { ReportsController } from './http/reports.controller';
import { AccessLogWriter } from './jobs/access-log.writer';
import { ReportsRetentionJob } from './jobs/reports-retention.job';
import { SearchHistoryWriter } from './jobs/search-history.writer';
import { AccessReportHandler } from './queries/access-report/access-report.query';
import { GetDashboardHandler } from './queries/get-dashboard/get-dashboard.query';
import { LaboratoryDetailHandler, LaboratoryReportHandler } from './queries/laboratory-report/laboratory-report.query';
import { ReportDashboardHandler } from './queries/report-dashboard/report-dashboard.query';
import { SearchAuditHandler } from './queries/search-audit/search-audit.query';
import { SearchHistoryExport } from './queries/search-history/search-history.export';
import { SearchHistoryHandler, SearchResultsHandler } from './queries/search-history/search-history.query';
import { UnmetDemandHandler } from './queries/unmet-demand/unmet-demand.query';
import { ExamChoicesHandler } from './queries/exam-choices/exam-choices.query';

/**
 * What the reports read: the storefront's access log, every search and the results it showed
 * (written off the request path, in batches, with daily rollups); and the back office's read-only
 * views across contexts (the `/app` dashboard counts, the audit timeline).
 */
@Module({
  controllers: [AccessLogController, BackofficeReportsController, ReportsController],
  providers: [
    RecordAccessHandler, AccessLogWriter, SearchHistoryWriter, ReportsRetentionJob, SearchHistoryExport,
    GetDashboardHandler, SearchAuditHandler, ReportDashboardHandler, AccessReportHandler, SearchHistoryHandler, SearchResultsHandler,
    LaboratoryReportHandler, LaboratoryDetailHandler, UnmetDemandHandler, ExamChoicesHandler,
  ],
})
export class ReportsModule {}
