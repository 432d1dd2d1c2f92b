import { ConflictError, NotFoundError } from '../../../platform/http/app-error';

export class UfValueNotFoundError extends NotFoundError {
  constructor() {
    super('UF_VALUE.NOT_FOUND', 'El valor de la UF solicitado no existe.');
  }
}

/** One value per day: the day's value is corrected on its own record, not added twice. */
export class UfValueDateTakenError extends ConflictError {
  constructor(validOn: string) {
    const [year, month, day] = validOn.split('-');
    super('UF_VALUE.DATE_TAKEN', `Ya hay un valor de la UF para el ${day}-${month}-${year}: edítalo en vez de crear otro.`, 'validOn');
  }
}
