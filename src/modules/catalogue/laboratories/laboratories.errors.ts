import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class LaboratoryNotFoundError extends NotFoundError {
  constructor() {
    super('LABORATORY.NOT_FOUND', 'El laboratorio solicitado no existe.');
  }
}

export class LaboratoryAttributeNotFoundError extends NotFoundError {
  constructor() {
    super('LABORATORY_ATTRIBUTE.NOT_FOUND', 'El atributo del laboratorio no existe.');
  }
}

/** One laboratory has each select-list value (or each list's free text) once. */
export class DuplicateLaboratoryAttributeError extends ConflictError {
  constructor() {
    super('LABORATORY_ATTRIBUTE.DUPLICATE', 'El laboratorio ya tiene ese atributo.');
  }
}
