import { HttpStatus } from '@nestjs/common';
import { AppError, NotFoundError } from '../../../platform/http/app-error';

export class FileNotFoundError extends NotFoundError {
  constructor() {
    super('FILE.NOT_FOUND', 'El archivo solicitado no existe.');
  }
}

/** The bytes are not an accepted kind, whatever the name or the declared type said. */
export class UnsupportedFileTypeError extends AppError {
  constructor(claimedImage: boolean) {
    const message = claimedImage
      ? 'El archivo dice ser una imagen, pero su contenido no es una imagen JPEG, PNG, WebP, GIF ni AVIF.'
      : 'Solo se aceptan imágenes JPEG, PNG, WebP, GIF o AVIF.';
    super(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'FILE.UNSUPPORTED_TYPE', message, { file: [message] });
  }
}

export class UnreadableImageError extends AppError {
  constructor() {
    const message = 'No pudimos leer la imagen: puede estar dañada o ser demasiado grande (máximo 40 megapíxeles).';
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'FILE.UNREADABLE_IMAGE', message, { file: [message] });
  }
}

/** The file is the image of a banner, slider, category or product: deleting it would leave a hole. */
export class FileInUseError extends AppError {
  constructor(usedBy: string) {
    super(HttpStatus.CONFLICT, 'FILE.IN_USE', `El archivo está en uso (${usedBy}); quítalo de allí antes de eliminarlo.`);
  }
}
