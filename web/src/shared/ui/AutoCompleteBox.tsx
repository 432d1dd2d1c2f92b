import { useImperativeHandle, useLayoutEffect, useRef, type Ref, type SyntheticEvent } from 'react';
import { AutoComplete, type AutoCompleteChangeEvent, type AutoCompleteProps } from 'primereact/autocomplete';

type AutoCompleteBoxProps<T extends object> = Omit<AutoCompleteProps<T>, 'value' | 'multiple' | 'selectedItemTemplate' | 'onChange'> & {
  /**
   * What is picked; or the box's text, for a caller that keeps it; or null: nothing picked, and the box keeps
   * what the person typed without the caller having to keep it.
   */
  value: T | string | null;
  /** The text a picked item leaves in the box: its `field` unless said ('' empties the box, as for chips). */
  pickedText?: (item: T) => string;
  onChange?: (event: AutoCompleteChangeEvent<T>) => void;
  /** The AutoComplete itself (useLookUp closes its list). */
  ref?: Ref<AutoComplete<T>>;
};

/** What the box shows: the text typed or the picked item's, as of the latest keystroke, pick or new `value`. */
interface Entry<T> {
  text: string;
  picked: T | null;
  /** The `value` of the latest render: only a new one replaces what was typed since. */
  seen: T | string | null | undefined;
}

/**
 * PrimeReact's single-value AutoComplete, safe to type in as soon as it shows, under React and under Preact (which
 * the build ran on for a while and may again; docs/decisions.md). The AutoComplete writes its box's text from an effect after every render
 * (useUpdateEffect → updateInputField), with the value that render had. React runs a keystroke's effects before the
 * next keystroke; Preact runs them after the next frame, or just before the box's next render, so on a busy page a
 * late write put an older text back over the letters typed since ("hemo" became "eo"). Here the AutoComplete's
 * value is always this one Entry object, and it formats that object when it writes (selectedItemTemplate): a late
 * write writes what the box holds by then. Every single-value AutoComplete of the app goes through this box
 * (`multiple` ones never write their box from an effect).
 *
 * On a page the server rendered (entry-server.tsx) the box is there before the app: what a person types before the
 * hydration stays in the box but reaches no handler (React 19 adopts the box's text as it finds it and replays no
 * change). The box takes it over as it mounts: the caller hears it (onChange) and the look-up runs, as if typed now.
 */
export function AutoCompleteBox<T extends object>({ value, pickedText, onChange, ref, ...props }: AutoCompleteBoxProps<T>) {
  const textOf = (item: T) => (pickedText ? pickedText(item) : String((item as Record<string, unknown>)[props.field ?? ''] ?? ''));
  const entry = useRef<Entry<T>>({ text: '', picked: null, seen: undefined }).current;
  const box = useRef<AutoComplete<T>>(null);
  useImperativeHandle(ref, () => box.current!, []);
  // Done while rendering, not in an effect: the AutoComplete's own effect, whenever it runs, must already see it.
  // Idempotent, so a render done twice (React's StrictMode) changes nothing.
  if (value !== entry.seen) {
    entry.seen = value;
    if (typeof value === 'string') {
      entry.text = value;
      entry.picked = null;
    } else if (value !== null && value !== entry.picked) {
      entry.picked = value;
      entry.text = textOf(value);
    } else if (value === null && entry.picked !== null) {
      // The caller let go of the picked item (a form sent, then reset): the box empties. While the person types,
      // nothing is picked, and a caller keeping null keeps what they type.
      entry.picked = null;
      entry.text = '';
    }
  }
  // In the commit that mounts the box (the hydration's), before any later keystroke: nothing is written into the box.
  useLayoutEffect(() => {
    // Through the root element: the AutoComplete learns of its input only in a passive effect (InputText's ref).
    const input = box.current?.getElement()?.querySelector('input');
    const typed = input?.value ?? '';
    if (!input || typed === entry.text || entry.picked !== null) return;
    entry.text = typed;
    const event = { type: 'change', target: input, currentTarget: input, nativeEvent: new Event('input'), preventDefault: () => undefined, stopPropagation: () => undefined } as unknown as SyntheticEvent;
    onChange?.({ originalEvent: event, value: typed as unknown as T, preventDefault: () => undefined, stopPropagation: () => undefined, target: { name: props.name ?? '', id: props.id ?? '', value: typed as unknown as T } } as AutoCompleteChangeEvent<T>);
    if (typed.trim().length >= (props.minLength ?? 1)) box.current?.search(event, typed, 'input');
  }, []);
  return (
    <AutoComplete<T>
      ref={box}
      {...props}
      value={entry as unknown as T}
      selectedItemTemplate={(item: T) => (item === (entry as unknown) ? entry.text : textOf(item))}
      onChange={(event) => {
        const next = event.value as T | string | null;
        if (typeof next === 'string') {
          entry.text = next;
          entry.picked = null;
        } else if (next) {
          entry.picked = next;
          entry.text = textOf(next);
        } else {
          entry.picked = null;
          entry.text = '';
        }
        onChange?.(event);
      }}
    />
  );
}
