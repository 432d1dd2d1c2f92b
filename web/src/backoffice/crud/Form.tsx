import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { FieldErrors } from '@contracts';
import { asApiError } from '../../api/client';
import { FormContext, setPath } from './formContext';

/**
 * A form over local state (forms stay out of Redux): it validates what it can before sending,
 * then shows the envelope's message on top and each field's `errors` beside that field.
 */
export function Form<V>({ idPrefix, initial, validate, submit, submitLabel = 'Guardar', onCancel, children, labelledBy }: {
  idPrefix: string;
  initial: V;
  validate?: (values: V) => FieldErrors;
  /** Resolves when saved; an ApiError it throws is shown on the form. */
  submit: (values: V) => Promise<unknown>;
  submitLabel?: string;
  onCancel?: () => void;
  children: ReactNode;
  labelledBy?: string;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = validate?.(values) ?? {};
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setMessage('Revisa los campos marcados.');
      return;
    }
    setSubmitting(true);
    setMessage(null);
    setErrors({});
    try {
      await submit(values);
    } catch (caught) {
      const error = asApiError(caught);
      setErrors(error.errors);
      setMessage(Object.keys(error.errors).length > 0 ? `${error.message} Revisa los campos marcados.` : error.message);
    } finally {
      setSubmitting(false);
    }
  };

  const set = (path: string, value: unknown) => {
    setValues((current) => setPath(current, path, value));
    // The message of a field goes once the person changes it.
    setErrors(({ [path]: _fixed, ...rest }) => rest);
  };

  return (
    <FormContext.Provider value={{ values, errors, disabled: submitting, idPrefix, set }}>
      <form className="cl-form cl-bo-form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
        {message && <Message severity="error" text={message} className="cl-form__message" />}
        {children}
        <div className="cl-form__actions">
          <Button type="submit" label={submitLabel} icon="pi pi-save" loading={submitting} />
          {onCancel && <Button type="button" label="Cancelar" text onClick={onCancel} disabled={submitting} />}
        </div>
      </form>
    </FormContext.Provider>
  );
}
