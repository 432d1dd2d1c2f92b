import { HttpStatus } from '@nestjs/common';
import { AppError, ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class ExamNotFoundError extends NotFoundError {
  constructor() {
    super('EXAM.NOT_FOUND', 'El examen solicitado no existe.');
  }
}

export class ExamCodeTakenError extends ConflictError {
  constructor() {
    super('EXAM.CODE_TAKEN', 'Ya existe un examen con ese código.', 'code');
  }
}

/**
 * Errors of "Foto de la orden" (the photo of a medical order read by OCR). None carries a field:
 * the controller that receives the photo names its own field.
 */
const ORDER_PHOTO_FORMATS = 'JPEG, PNG o WebP';

/** The bytes are not a picture, or the picture cannot be decoded (damaged, truncated). */
export class OrderPhotoUnreadableError extends AppError {
  constructor() {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'EXAM.ORDER_PHOTO_UNREADABLE', `No pudimos leer la imagen: puede estar dañada o no ser una foto. Envía una foto de la orden en ${ORDER_PHOTO_FORMATS}.`);
  }
}

/** A picture of a kind the reader does not take (HEIC, GIF, TIFF, SVG, AVIF...). */
export class OrderPhotoUnsupportedError extends AppError {
  constructor(heic: boolean) {
    const message = heic
      ? `Las fotos HEIC no son compatibles. Envía la foto en ${ORDER_PHOTO_FORMATS} (en iPhone: Ajustes > Cámara > Formatos > Más compatible).`
      : `El formato de la imagen no es compatible. Envía la foto de la orden en ${ORDER_PHOTO_FORMATS}.`;
    super(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'EXAM.ORDER_PHOTO_UNSUPPORTED', message);
  }
}

/** More pixels than the reader decodes (a decompression bomb looks like this). */
export class OrderPhotoTooLargeError extends AppError {
  constructor(maxMegapixels: number) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'EXAM.ORDER_PHOTO_TOO_LARGE', `La imagen es demasiado grande (máximo ${maxMegapixels} megapíxeles). Envía una foto de menor resolución.`);
  }
}

/** Every reading slot of this process is taken: the client may try again after `retryAfterSeconds` (Retry-After). */
export class OrderPhotoBusyError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(HttpStatus.SERVICE_UNAVAILABLE, 'EXAM.ORDER_PHOTO_BUSY', 'Estamos leyendo muchas órdenes en este momento. Intenta nuevamente en unos segundos o escribe tus exámenes.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Reading this photo took longer than its time limit and was stopped. */
export class OrderPhotoTimeoutError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(HttpStatus.SERVICE_UNAVAILABLE, 'EXAM.ORDER_PHOTO_TIMEOUT', 'No alcanzamos a leer la foto a tiempo. Intenta nuevamente en unos segundos o escribe tus exámenes.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
