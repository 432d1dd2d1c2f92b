import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import type { ImageRef } from '@contracts';
import { asApiError } from '../../api/client';
import { mediaCalls } from '../../api/dataProvider';
import { AutoCompleteBox } from '../../shared/ui/AutoCompleteBox';
import { useLookUp } from '../../shared/ui/useLookUp';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { FETCH_DELAY_MS } from '../../shared/useDebouncedValue';
import { useField } from './formContext';
import './commerce.css';

/**
 * A picture of the form: chosen from the device, uploaded at once (the API checks what it really
 * is and resizes it), previewed, and removable. `source` holds the file id the record is saved with;
 * `previewSource` the picture shown (never sent).
 */
export function ImageInput({ source, previewSource, label, hint }: { source: string; previewSource: string; label: string; hint?: string }) {
  const f = useField<number | null>(source);
  const preview = useField<ImageRef | null>(previewSource);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const error = uploadError ?? f.error;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setUploadError(undefined);
    try {
      const saved = await mediaCalls.upload(file);
      f.onChange(saved.id);
      preview.onChange({ id: saved.id, url: saved.url, urls: saved.urls });
    } catch (failure) {
      const apiError = asApiError(failure);
      setUploadError(apiError.fieldErrors.file ?? apiError.message);
    } finally {
      setBusy(false);
    }
  };
  const shown = preview.value;
  return (
    <FormField id={f.id} label={label} error={error} hint={hint ?? 'JPEG, PNG, WebP, GIF o AVIF, hasta 10 MB.'}>
      <div className="cl-image-input">
        {shown ? <img src={shown.urls[320] ?? shown.url} alt={`Vista previa de ${label.toLowerCase()}`} className="cl-image-input__preview" /> : <span className="cl-image-input__empty" aria-hidden="true"><i className="pi pi-image" /></span>}
        <div className="cl-image-input__actions">
          <input
            id={f.id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            disabled={f.disabled || busy}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            {...describedBy(f.id, error, hint ?? 'JPEG, PNG, WebP, GIF o AVIF, hasta 10 MB.')}
          />
          {busy && <span className="cl-muted" role="status">Subiendo imagen…</span>}
          {shown && !busy && (
            <button type="button" className="p-button p-button-text p-button-sm" onClick={() => { f.onChange(null); preview.onChange(null); }} disabled={f.disabled}>
              <i className="pi pi-times" aria-hidden="true" /> Quitar imagen
            </button>
          )}
        </div>
      </div>
    </FormField>
  );
}

/** Kept here too for the commerce forms that import it from this file; it lives with the other inputs. */
export { DateInput } from './inputs';

/** A record picked from a look-up: its id and what people read. */
export interface Picked {
  id: number;
  label: string;
}
type T = Picked;

/** Several records picked by typing part of their name (exams of a package). */
export function MultiLookupInput({ source, label, hint, search }: { source: string; label: string; hint?: string; search: (term: string) => Promise<T[]> }) {
  const f = useField<T[]>(source);
  const lookUp = useLookUp<T>(async (term) => (await search(term)).filter((s) => !(f.value ?? []).some((v) => v.id === s.id)));
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      {/* A plain AutoComplete: with `multiple` it empties its box itself, never from an effect (see AutoCompleteBox). */}
      <AutoComplete
        {...lookUp}
        inputId={f.id}
        multiple
        value={f.value ?? []}
        field="label"
        onChange={(e) => f.onChange((e.value as T[]) ?? [])}
        delay={FETCH_DELAY_MS}
        disabled={f.disabled}
        invalid={Boolean(f.error)}
        className="cl-lookup-input"
        pt={{ input: { root: describedBy(f.id, f.error, hint) } }}
      />
    </FormField>
  );
}

/** One record picked by typing part of its name (a package's branch). */
export function LookupInput({ source, label, hint, search }: { source: string; label: string; hint?: string; search: (term: string) => Promise<T[]> }) {
  const f = useField<T | null>(source);
  const lookUp = useLookUp<T>(search);
  return (
    <FormField id={f.id} label={label} error={f.error} hint={hint}>
      {/* The field stays null until a branch is picked; the box keeps what is typed meanwhile (a plain AutoComplete
          writes the field's value, '', into its box after each render, and under Preact late: AutoCompleteBox). */}
      <AutoCompleteBox<T>
        {...lookUp}
        inputId={f.id}
        value={f.value ?? null}
        field="label"
        onChange={(e) => f.onChange(typeof e.value === 'object' ? e.value : null)}
        dropdown
        dropdownAriaLabel={`Ver opciones de ${label.toLowerCase()}`}
        delay={FETCH_DELAY_MS}
        forceSelection
        disabled={f.disabled}
        invalid={Boolean(f.error)}
        className="cl-lookup-input"
        pt={{ input: { root: describedBy(f.id, f.error, hint) } }}
      />
    </FormField>
  );
}
