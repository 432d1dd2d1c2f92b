import { HttpStatus } from '@nestjs/common';
import { ForbiddenError } from '../../platform/auth/actor';
import { AppError, ConflictError, NotFoundError } from '../../platform/http/app-error';

/** Only administrators and providers creating users learn that an e-mail is taken. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super('USER.EMAIL_TAKEN', 'Ya existe una cuenta con ese correo.', 'email');
  }
}

export class PersonRutTakenError extends ConflictError {
  constructor() {
    super('PERSON.RUT_TAKEN', 'Ya existe una persona registrada con ese RUT.', 'rut');
  }
}

/** Persons the caller may not see answer as missing, so ids reveal nothing across companies. */
export class PersonNotFoundError extends NotFoundError {
  constructor() {
    super('PERSON.NOT_FOUND', 'La persona solicitada no existe.');
  }
}

export class PersonVisibilityNotFoundError extends NotFoundError {
  constructor() {
    super('PERSON_VISIBILITY.NOT_FOUND', 'La visibilidad solicitada no existe.');
  }
}

export class DuplicatePersonVisibilityError extends ConflictError {
  constructor() {
    super('PERSON_VISIBILITY.DUPLICATE', 'Esa persona ya tiene esa visibilidad.');
  }
}

export class InvalidResetTokenError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'AUTH.RESET_TOKEN_INVALID', 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.');
  }
}

export class WrongPasswordError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'AUTH.WRONG_PASSWORD', 'La contraseña actual no es correcta.', { currentPassword: ['La contraseña actual no es correcta.'] });
  }
}

export class OwnPasswordThroughChangeError extends ForbiddenError {
  constructor() {
    super('Para cambiar tu propia contraseña usa "Cambiar contraseña".');
  }
}

export class CannotDeleteOwnAccountError extends ForbiddenError {
  constructor() {
    super('No puedes eliminar tu propia cuenta desde aquí.');
  }
}

/** A provider creates only provider users, of its own company. */
export class ProviderCreatesProvidersOnlyError extends ForbiddenError {
  constructor() {
    super('Solo puedes crear usuarios proveedores de tu empresa.');
  }
}
