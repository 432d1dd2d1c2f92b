import { HttpStatus } from '@nestjs/common';
import { AppError, NotFoundError } from '../../platform/http/app-error';

export class KeptQuoteNotFoundError extends NotFoundError {
  constructor() {
    super('QUOTE.NOT_FOUND', 'La cotización no existe. Revisa el número o cotiza tu orden de nuevo.');
  }
}

/** The laboratory quotes none of the order's exams (or is not public): there is nothing to keep. */
export class NothingToKeepError extends AppError {
  constructor() {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'QUOTE.NOTHING_QUOTED', 'Este laboratorio no cotiza ninguno de los exámenes de tu orden.', { laboratoryId: ['Este laboratorio no cotiza ninguno de los exámenes de tu orden.'] });
  }
}
