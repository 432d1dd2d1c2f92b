import { HttpStatus } from '@nestjs/common';
import { ForbiddenError } from '../../platform/auth/actor';
import { AppError, ConflictError, NotFoundError } from '../../platform/http/app-error';

export class CompanyNotFoundError extends NotFoundError {
  constructor() {
    super('COMPANY.NOT_FOUND', 'La empresa solicitada no existe.');
  }
}

export class CompanyRutTakenError extends ConflictError {
  constructor() {
    super('COMPANY.RUT_TAKEN', 'Ya existe una empresa registrada con ese RUT.', 'rut');
  }
}

/** Approving an approved company, or rejecting a rejected one: nothing changes and nobody is mailed again. */
export class CompanyAlreadyDecidedError extends AppError {
  constructor(status: 'APPROVED' | 'REJECTED') {
    super(HttpStatus.CONFLICT, 'COMPANY.ALREADY_DECIDED', status === 'APPROVED' ? 'La empresa ya está aprobada.' : 'La empresa ya está rechazada.');
  }
}

/** The RUT identifies the company a provider signed up as: only an administrator corrects it. */
export class ProviderCannotChangeRutError extends ForbiddenError {
  constructor() {
    super('Solo un administrador puede cambiar el RUT de la empresa.');
  }
}
