import { ConflictError, NotFoundError } from '../../platform/http/app-error';

export class RegionNotFoundError extends NotFoundError {
  constructor() {
    super('LOCATION.NOT_FOUND', 'La región solicitada no existe.');
  }
}

export class NearLocationNotFoundError extends NotFoundError {
  constructor() {
    super('NEAR_LOCATION.NOT_FOUND', 'La comuna cercana no existe.');
  }
}

export class NearLocationTakenError extends ConflictError {
  constructor() {
    super('NEAR_LOCATION.DUPLICATE', 'Esa comuna ya es cercana de la otra.');
  }
}
