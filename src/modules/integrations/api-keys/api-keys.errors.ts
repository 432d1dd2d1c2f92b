import { HttpStatus } from '@nestjs/common';
import { AppError, NotFoundError } from '../../../platform/http/app-error';

export class ApiKeyNotFoundError extends NotFoundError {
  constructor() {
    super('API_KEY.NOT_FOUND', 'La clave de API solicitada no existe.');
  }
}

/**
 * Keys are a company's: created by its provider users who see the whole company (a user narrowed to some branches
 * would hand out more than it has). An administrator lists and revokes any company's keys, and creates none.
 */
export class ApiKeyManagerRequiredError extends AppError {
  constructor(message: string) {
    super(HttpStatus.FORBIDDEN, 'API_KEY.MANAGER_REQUIRED', message);
  }
}

export const WHOLE_COMPANY_ONLY = 'Solo un usuario que ve toda la empresa puede administrar sus claves de API.';
export const ADMINS_DO_NOT_CREATE = 'Las claves de API las crea un usuario de la empresa; un administrador puede consultarlas y revocarlas.';
