import { ForbiddenError } from '../../../platform/auth/actor';
import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

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

/** A decision on every price matching a filter: the prices that match it are no longer the ones the person counted. */
export class MatchingPricesChangedError extends ConflictError {
  constructor(readonly matching: number) {
    super('LABORATORY_EXAM.SELECTION_CHANGED', `La lista cambió mientras decidías: ahora ${matching.toLocaleString('es-CL')} ${matching === 1 ? 'precio coincide' : 'precios coinciden'} con el filtro. Revísala y vuelve a decidir; no se decidió ninguno.`, 'expectedCount');
  }
}

/** A decision on every price matching a filter is bounded: beyond it, the filter should be narrower. */
export class TooManyMatchingPricesError extends ConflictError {
  constructor(limit: number) {
    super('LABORATORY_EXAM.TOO_MANY', `Se pueden decidir hasta ${limit.toLocaleString('es-CL')} precios a la vez: afina el filtro (por empresa, laboratorio o examen).`, 'matching');
  }
}
