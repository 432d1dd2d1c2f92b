import { Module } from '@nestjs/common';
import { ConfirmImportHandler } from './commands/confirm-import/confirm-import.handler';
import { UploadImportHandler } from './commands/upload-import/upload-import.handler';
import { ImportsController, ImportUploadsController, PriceListExportController } from './http/imports.controller';
import { ImportRunner } from './jobs/import-runner';
import { DownloadImportHandler } from './queries/download-import/download-import.query';
import { ExportPriceListHandler } from './queries/export-price-list/export-price-list.query';
import { GetImportHandler } from './queries/get-import/get-import.query';
import { GetTemplateHandler } from './queries/get-template/get-template.query';
import { SearchImportRowsHandler } from './queries/search-import-rows/search-import-rows.query';
import { SearchImportsHandler } from './queries/search-imports/search-imports.query';

/**
 * Bulk imports (issue 11): branches, prices and the FONASA catalogue from CSV or XLSX, with a dry
 * run of every row, a checkpointed job, an error file and a history per company; and a company's price list
 * exported as the import's template, to edit and import back (issue 27).
 */
@Module({
  controllers: [ImportUploadsController, PriceListExportController, ImportsController],
  providers: [
    UploadImportHandler, ConfirmImportHandler, ImportRunner,
    GetImportHandler, SearchImportsHandler, SearchImportRowsHandler, DownloadImportHandler, GetTemplateHandler, ExportPriceListHandler,
  ],
})
export class ImportsModule {}
