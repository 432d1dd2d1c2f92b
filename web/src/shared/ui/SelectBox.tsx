import { useRef, type KeyboardEvent } from 'react';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';

/** Lists longer than this are searched by what is typed; shorter ones are read at a glance. */
export const HANDFUL = 8;

const countOptions = (props: DropdownProps): number => {
  const options = (props.options ?? []) as Record<string, unknown>[];
  if (!props.optionGroupLabel) return options.length;
  const children = props.optionGroupChildren ?? 'items';
  return options.reduce((sum, group) => sum + ((group[children] as unknown[] | undefined)?.length ?? 0), 0);
};

/** Writes text into an input the way typing does, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, input.value + text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The one select of the app. A list longer than a handful of options is searched by the whole text
 * typed, anywhere in an option and without accents ("cruz blanca" finds "Isapre Cruz Blanca").
 * PrimeReact's own type-ahead on a closed select matches only the start of an option and jumps to
 * the first letter's match ("Cruz Blanca" picked CAPREDENA): here the keys typed on the closed
 * select open it and go to its search box instead, from the first one.
 */
export function SelectBox(props: DropdownProps) {
  const select = useRef<Dropdown>(null);
  const typed = useRef('');
  // Whether the list has finished opening (its search box is there and focused).
  const shown = useRef(false);
  const searchable = props.filter ?? countOptions(props) > HANDFUL;
  const searchBox = () => select.current?.getOverlay()?.querySelector<HTMLInputElement>('input.p-dropdown-filter') ?? null;

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!searchable || props.disabled || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = searchBox();
    if (shown.current && !typed.current && box && document.activeElement === box) return;
    event.preventDefault();
    event.stopPropagation();
    if (shown.current && !typed.current && box) {
      box.focus();
      typeInto(box, event.key);
      return;
    }
    // The list opens with an animation: what is typed meanwhile waits for its search box, in order.
    typed.current += event.key;
    if (!box) select.current?.show();
  };

  return (
    <span className="cl-select-box" onKeyDownCapture={onKeyDownCapture}>
      <Dropdown
        ref={select}
        filterMatchMode="contains"
        emptyFilterMessage="Sin coincidencias"
        resetFilterOnHide
        {...props}
        filter={searchable}
        filterInputAutoFocus={searchable}
        pt={{
          ...props.pt,
          // PrimeReact names the focused option on its root <div>, which has no role and no such option
          // (axe: aria-allowed-attr, critical); the focusable input keeps its own.
          root: { 'aria-activedescendant': undefined, ...(props.pt?.root as object | undefined) },
          filterInput: { 'aria-label': 'Buscar en la lista', ...(props.pt?.filterInput as object | undefined) },
          // The open list is a listbox: it needs a name of its own (axe: aria-input-field-name, serious).
          list: { 'aria-label': props.ariaLabel ?? props.placeholder ?? 'Opciones', ...(props.pt?.list as object | undefined) },
        }}
        onShow={() => {
          shown.current = true;
          // After React's commit that reported the list open: an input event inside it is not seen.
          setTimeout(() => {
            const box = searchBox();
            if (box && typed.current) {
              box.focus();
              typeInto(box, typed.current);
            }
            typed.current = '';
          });
          props.onShow?.();
        }}
        onHide={() => {
          shown.current = false;
          typed.current = '';
          props.onHide?.();
        }}
      />
    </span>
  );
}
