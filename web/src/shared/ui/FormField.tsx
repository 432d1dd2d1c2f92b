import type { ReactNode } from 'react';

/** A labelled field with its error, tied together for screen readers. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="cl-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <small id={`${id}-hint`} className="cl-field__hint">{hint}</small>}
      {error && <small id={`${id}-error`} className="cl-field__error" role="alert">{error}</small>}
    </div>
  );
}

/** aria attributes of an input inside FormField. */
export const describedBy = (id: string, error?: string, hint?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});
