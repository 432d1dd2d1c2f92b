import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class SelectListTypeNotFoundError extends NotFoundError {
  constructor() {
    super('SELECT_LIST_TYPE.NOT_FOUND', 'La lista seleccionable no existe.');
  }
}

export class SelectListValueNotFoundError extends NotFoundError {
  constructor() {
    super('SELECT_LIST.NOT_FOUND', 'El valor de la lista no existe.');
  }
}

export class SelectListTypeCodeTakenError extends ConflictError {
  constructor() {
    super('SELECT_LIST_TYPE.CODE_TAKEN', 'Ya existe una lista con ese código.', 'code');
  }
}

export class SelectListValueCodeTakenError extends ConflictError {
  constructor() {
    super('SELECT_LIST.CODE_TAKEN', 'Esa lista ya tiene un valor con ese código.', 'code');
  }
}
