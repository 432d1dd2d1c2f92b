import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, switchMap, type Observable } from 'rxjs';
import { AppError } from '../../../platform/http/app-error';
import { IdempotencyInterceptor } from '../../../platform/http/idempotency';
import { IMPORT_LIMITS } from '../domain/import-limits';
import { FileTooLargeError, MissingFileError, UnreadableFileError } from '../imports.errors';

/** Streams the multipart `file` to a temporary file (never into memory), refusing more than 20 MB as it arrives. */
const upload = multer({
  storage: multer.diskStorage({ destination: tmpdir() }),
  limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 20, fieldSize: 10_000 },
}).single('file');

/** Once the file is on disk, an `Idempotency-Key` is honoured with the file's bytes as part of the request. */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyInterceptor) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const received = new Promise<void>((resolve, reject) => {
      upload(request, response, (error: unknown) => {
        // Whatever happens to the request, the temporary file does not outlive it.
        const path = request.file?.path;
        if (path) response.once('close', () => void rm(path, { force: true }));
        if (!error) return request.file ? resolve() : reject(new MissingFileError());
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') return reject(new FileTooLargeError());
          return reject(new UnreadableFileError('IMPORT.BAD_UPLOAD', 'Envía un solo archivo en el campo "file" (multipart/form-data).'));
        }
        reject(error instanceof AppError ? error : new UnreadableFileError('IMPORT.BAD_UPLOAD', 'No pudimos recibir el archivo; vuelve a intentarlo.'));
      });
    });
    return from(received).pipe(switchMap(() => this.idempotency.afterUpload(context, next)));
  }
}
