import { useRef, useState } from 'react';
import type { AutoComplete, AutoCompleteCompleteEvent } from 'primereact/autocomplete';

/**
 * The suggestions of a look-up box (PrimeReact's AutoComplete), asked as the person types. Spread what it answers on
 * the box: `<AutoCompleteBox {...lookUp} ... />`. Two races a slow phone or a busy server shows, both of which left the
 * list open over the rest of the form:
 * - answers arriving out of order: only the latest look-up's answer is shown;
 * - a pick made while a look-up was still waiting for its delay (a suggestion of an earlier answer clicked while
 *   typing on): the AutoComplete asks anyway, for text the box no longer holds, and would reopen the list with its
 *   answer. That look-up is not made, and the box's own "searching" state (its spinner) is ended.
 * `search` is read when the look-up is made, so it may close over the latest render (what is already picked).
 */
export function useLookUp<T>(search: (term: string) => Promise<T[]>) {
  const [suggestions, setSuggestions] = useState<T[]>([]);
  const ref = useRef<AutoComplete>(null);
  const latestSearch = useRef(search);
  latestSearch.current = search;
  const asked = useRef(0);
  const completeMethod = (event: AutoCompleteCompleteEvent) => {
    const ask = ++asked.current;
    // The AutoComplete asks after its delay with the text of the keystroke that started it; any later keystroke would
    // have cancelled it, so a box that says something else now was changed by a pick (or a form's reset).
    const box = event.originalEvent?.target;
    if (box instanceof HTMLInputElement && box.value !== event.query) return ref.current?.hide();
    const shown = (found: T[]) => {
      if (ask === asked.current) setSuggestions(found);
    };
    latestSearch.current(event.query).then(shown, () => shown([]));
  };
  return { ref, suggestions, completeMethod };
}
