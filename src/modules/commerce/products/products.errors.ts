import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class CategoryNotFoundError extends NotFoundError {
  constructor() {
    super('CATEGORY.NOT_FOUND', 'La categoría solicitada no existe.');
  }
}

export class ProductNotFoundError extends NotFoundError {
  constructor() {
    super('PRODUCT.NOT_FOUND', 'El producto solicitado no existe.');
  }
}

export class ProductCodeTakenError extends ConflictError {
  constructor() {
    super('PRODUCT.CODE_TAKEN', 'Ya existe un producto con ese código.', 'code');
  }
}

/** Two categories with the same name saved at the same moment: the second is asked to try again. */
export class CategorySlugRaceError extends ConflictError {
  constructor() {
    super('CATEGORY.NAME_RACE', 'Otra categoría con ese nombre se guardó al mismo tiempo; vuelve a intentarlo.', 'name');
  }
}
