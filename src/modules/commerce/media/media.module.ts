import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DeleteFileHandler } from './commands/delete-file/delete-file.handler';
import { UploadFileHandler } from './commands/upload-file/upload-file.handler';
import { FileUploadInterceptor } from '../../../platform/http/file-upload.interceptor';
import { FilesController, MediaFilesController } from './http/files.controller';
import { FILE_STORAGE, type FileStorage } from './infrastructure/file-storage';
import { LocalFileStorage } from './infrastructure/local-file-storage';
import { S3FileStorage } from './infrastructure/s3-file-storage';
import { OrphanFileSweep } from './jobs/orphan-file-sweep';
import { ReadMediaHandler } from './queries/read-media/read-media.query';
import { SearchFilesHandler } from './queries/search-files/search-files.query';

/** Uploaded pictures: stored on disk or in an S3-compatible bucket, served resized with cache headers. */
@Module({
  controllers: [FilesController, MediaFilesController],
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FileStorage => (config.files.s3 ? new S3FileStorage(config.files.s3) : new LocalFileStorage(config.files.localDir)),
    },
    FileUploadInterceptor, UploadFileHandler, DeleteFileHandler, SearchFilesHandler, ReadMediaHandler, OrphanFileSweep,
  ],
  exports: [FILE_STORAGE, OrphanFileSweep],
})
export class MediaModule {}
