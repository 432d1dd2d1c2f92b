import { HttpStatus } from '@nestjs/common';

/** Per-field validation messages, in Spanish: `{ email: ['Debe ser un correo válido'] }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * An error a client can act on. `error` is a stable key (`LABORATORY.NOT_FOUND`), `message`
 * is Spanish text for people; the exception filter turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly error: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class NotFoundError extends AppError {
  constructor(error: string, message: string) {
    super(HttpStatus.NOT_FOUND, error, message);
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message = 'Los datos enviados no son válidos.') {
    super(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', message, errors);
  }
}
