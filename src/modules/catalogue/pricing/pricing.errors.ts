import { ForbiddenError } from '../../../platform/auth/actor';
import { NotFoundError } from '../../../platform/http/app-error';

export class LaboratoryExamNotFoundError extends NotFoundError {
  constructor() {
    super('LABORATORY_EXAM.NOT_FOUND', 'El examen del laboratorio no existe.');
  }
}

export class OnlyAdministratorsAuthorizeError extends ForbiddenError {
  constructor() {
    super('Solo un administrador puede autorizar o rechazar exámenes.');
  }
}

/** A bulk decision named offers that do not exist: nothing was decided. */
export class UnknownLaboratoryExamsError extends NotFoundError {
  constructor(readonly ids: number[]) {
    super('LABORATORY_EXAM.NOT_FOUND', `No existen los precios ${ids.join(', ')}; no se decidió ninguno.`);
  }
}
