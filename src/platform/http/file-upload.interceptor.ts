import { CallHandler, ExecutionContext, HttpStatus, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, switchMap, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AppError } from './app-error';
import { IdempotencyInterceptor } from './idempotency';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export class FileTooLargeError extends AppError {
  constructor(maxBytes: number) {
    const mb = Math.round(maxBytes / 1024 / 1024);
    super(HttpStatus.PAYLOAD_TOO_LARGE, 'FILE.TOO_LARGE', `El archivo supera los ${mb} MB; súbelo en un tamaño menor.`, { file: [`El archivo supera los ${mb} MB.`] });
  }
}

export class MissingFileError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'FILE.MISSING', 'Adjunta un archivo en el campo "file" (multipart/form-data).', { file: ['Adjunta un archivo.'] });
  }
}

export class BadUploadError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'FILE.BAD_UPLOAD', 'Envía un solo archivo en el campo "file" (multipart/form-data).', { file: ['Envía un solo archivo.'] });
  }
}

/**
 * Receives the multipart `file` into memory (pictures, a photo of an order), never on disk, at most UPLOAD_MAX_MB of it. A request that declares a
 * larger body is refused before a byte of it is read (and the connection closed soon after, so a client does
 * not push 100 MB for nothing); one that does not declare it is cut off as soon as it passes the limit.
 */
@Injectable()
export class FileUploadInterceptor implements NestInterceptor {
  private readonly upload: ReturnType<multer.Multer['single']>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly idempotency: IdempotencyInterceptor,
  ) {
    this.upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: config.files.maxBytes, files: 1, fields: 10, fieldSize: 10_000 } }).single('file');
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const maxBytes = this.config.files.maxBytes;
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > maxBytes + MULTIPART_OVERHEAD) {
      closeAfterAnswer(request, response);
      throw new FileTooLargeError(maxBytes);
    }
    const received = new Promise<void>((resolve, reject) => {
      // multer reports its size limit only once the whole body has been read (and discarded): a
      // client streaming 100 MB would be read to the end. Counting here refuses it at the limit.
      let bytes = 0;
      const count = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes + MULTIPART_OVERHEAD) return;
        request.off('data', count);
        closeAfterAnswer(request, response);
        reject(new FileTooLargeError(maxBytes));
      };
      request.on('data', count);
      this.upload(request, response, (error: unknown) => {
        request.off('data', count);
        if (!error) return request.file ? resolve() : reject(new MissingFileError());
        if (error instanceof multer.MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') {
            closeAfterAnswer(request, response);
            return reject(new FileTooLargeError(maxBytes));
          }
          return reject(new BadUploadError());
        }
        reject(error instanceof AppError ? error : new BadUploadError());
      });
    });
    // Received: an `Idempotency-Key` is honoured with the file's bytes as part of the request.
    return from(received).pipe(switchMap(() => this.idempotency.afterUpload(context, next)));
  }
}

/** How long a refused upload's connection stays open after the refusal, reading and dropping what still arrives. */
const LINGER_MS = 2000;

/**
 * Once the refusal is sent, the connection goes, but not at once: a lingering close, as nginx's. Destroying the socket
 * while the client still writes (or `Connection: close`, which makes Node destroy it as soon as the answer is written)
 * resets a connection with unread bytes, and the reset can drop the answer from the client's buffer before the
 * client reads it: it sees ECONNRESET instead of the 413. Node reads and drops the rest of the body meanwhile; a body
 * still arriving after LINGER_MS is cut off there, so a client pushing 100 MB is not read to the end.
 */
function closeAfterAnswer(request: Request, response: Response): void {
  response.once('finish', () => {
    if (request.complete) return;
    const socket = request.socket;
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    request.once('end', () => clearTimeout(cut));
    socket.once('close', () => clearTimeout(cut));
  });
}
