import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class ExamNotFoundError extends NotFoundError {
  constructor() {
    super('EXAM.NOT_FOUND', 'El examen solicitado no existe.');
  }
}

export class ExamCodeTakenError extends ConflictError {
  constructor() {
    super('EXAM.CODE_TAKEN', 'Ya existe un examen con ese código.', 'code');
  }
}
