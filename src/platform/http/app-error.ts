// The enum's own file, not @nestjs/common's index: these errors are thrown in the upload's reading thread too,
// where loading the whole of Nest would cost 8 MB of its heap.
import { HttpStatus } from '@nestjs/common/enums/http-status.enum';
import type { FieldErrors } from '../../contracts/envelope';

export type { FieldErrors };

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

export class ConflictError extends AppError {
  /** A unique value already taken: `field` gets the message too, so a form shows it in place. */
  constructor(error: string, message: string, field?: string) {
    super(HttpStatus.CONFLICT, error, message, field ? { [field]: [message] } : undefined);
  }
}

/** A 400 for one field, for rules only a handler can check (a referenced row that does not exist). */
export const invalidField = (field: string, message: string) => new ValidationError({ [field]: [message] });
