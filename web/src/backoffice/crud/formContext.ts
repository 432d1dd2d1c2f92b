import { createContext, useContext } from 'react';
import type { FieldErrors } from '@contracts';

/** Reads a dotted path (`fonasaPrices.0`): form values use the API's own field paths, so its errors land on them. */
export function getPath(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key]), values);
}

export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const copy = (Array.isArray(values) ? [...values] : { ...values }) as Record<string, unknown>;
  copy[key] = rest.length === 0 ? value : setPath(copy[key] ?? (/^\d+$/.test(rest[0]) ? [] : {}), rest.join('.'), value);
  return copy as T;
}

export interface FormContextValue {
  values: unknown;
  errors: FieldErrors;
  disabled: boolean;
  /** The id prefix of the inputs: two forms on one screen (a type and one of its values) never clash. */
  idPrefix: string;
  set: (path: string, value: unknown) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

/** Value, first error and setter of one field of the surrounding form. */
export function useField<V>(source: string) {
  const form = useContext(FormContext);
  if (!form) throw new Error('useField outside a FormShell');
  return {
    id: `${form.idPrefix}-${source.replace(/\./g, '-')}`,
    value: getPath(form.values, source) as V,
    error: form.errors[source]?.[0],
    disabled: form.disabled,
    onChange: (value: V) => form.set(source, value),
  };
}
