import { NotFoundError } from '../../platform/http/app-error';

/** Another person's saved order answers exactly like a missing one. */
export class SavedOrderNotFoundError extends NotFoundError {
  constructor() {
    super('SAVED_ORDER.NOT_FOUND', 'La orden guardada no existe.');
  }
}
