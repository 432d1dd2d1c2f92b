import type { FieldErrors, UfValue, UfValueInput } from '@contracts';

export interface UfValueValues {
  validOn: string;
  value: number | null;
}

export const emptyUfValue: UfValueValues = { validOn: '', value: null };

export const ufValueValues = (v: UfValue): UfValueValues => ({ validOn: v.validOn, value: v.value });

export const ufValueInput = (v: UfValueValues): UfValueInput => ({ validOn: v.validOn, value: v.value ?? 0 });

/** What the form can say before asking the API (which checks the range of days and the decimals too). */
export function validateUfValue(v: UfValueValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.validOn) errors.validOn = ['Indica la fecha desde la que vale.'];
  if (v.value === null) errors.value = ['Indica el valor de la UF en pesos.'];
  else if (v.value <= 0) errors.value = ['El valor de la UF debe ser mayor que cero.'];
  return errors;
}
