import { useEffect, useRef, useState } from 'react';
import { searchExams } from '../../../api/lookups';
import { shortExamName } from '../../../app/format';
import { AutoCompleteBox } from '../../../shared/ui/AutoCompleteBox';
import { useLookUp } from '../../../shared/ui/useLookUp';
import { FETCH_DELAY_MS } from '../../../shared/useDebouncedValue';

export interface PickedExam {
  id: number;
  /** The catalogue's short name. */
  name: string;
  /** What the patient typed or the order said ("TSH"), when it was not the name itself. */
  typed?: string;
}

const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

type Suggestion = PickedExam & { detail?: string };

/**
 * An exam picked from what was typed or read on the order: those words are kept beside the name
 * unless either already says the other ("hemog" → Hemograma; "Hemograma c/VHS" → Hemograma).
 */
export function pickedFrom(exam: { id: number; name: string }, typed: string): PickedExam {
  const said = typed.replace(/\s+/g, ' ').trim().slice(0, 60);
  const name = folded(exam.name);
  const firstWord = name.split(/[^a-z0-9]+/).find(Boolean) ?? name;
  const redundant = !said || name.includes(folded(said)) || folded(said).includes(firstWord);
  return redundant ? { id: exam.id, name: exam.name } : { id: exam.id, name: exam.name, typed: said };
}

/** A chip's words: "TSH · Tiroestimulante", so the patient finds each line of the order in the quote. */
export const chipLabel = (exam: PickedExam) => (exam.typed ? `${exam.typed} · ${exam.name}` : exam.name);

/**
 * The exams of a medical order as chips, with a look-up that understands lay names, abbreviations,
 * FONASA codes, missing accents and typos (the API's exam search).
 *
 * For keyboards and screen readers (issue 18): each chip is removed by its own button, named
 * "Quitar <examen>", and focus then goes to the next chip (or the box); Backspace in the empty box
 * removes the last one; the box names the highlighted suggestion (aria-activedescendant), which
 * PrimeReact only marks with a class.
 */
export function ExamPicker({ id, value, onChange, invalid }: { id: string; value: PickedExam[]; onChange: (exams: PickedExam[]) => void; invalid?: boolean }) {
  // The exams already picked are not suggested again.
  const lookUp = useLookUp<Suggestion>(async (term) => {
    const chosen = new Set(value.map((e) => e.id));
    return (await searchExams(term, 8)).filter((e) => !chosen.has(e.id)).map((e) => ({ id: e.id, name: shortExamName(e.name), detail: `${e.codeDotted} · ${e.typeExam.name}` }));
  });
  const suggestions = lookUp.suggestions;
  // The box's text, for what a picked exam keeps of it (pickedFrom). The box itself is an AutoCompleteBox: under
  // Preact (tried as the build's runtime) a plain AutoComplete wrote older text back over letters typed right after load.
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const listId = `${id}-sugerencias_list`;

  /** Names the highlighted suggestion to assistive technology: ids on the options, aria-activedescendant on the box. */
  const announceHighlight = () => {
    const input = inputRef.current;
    if (!input) return;
    const options = document.getElementById(listId)?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    let active: HTMLElement | undefined;
    options.forEach((option, index) => {
      option.id ||= `${id}-opcion-${index}`;
      const highlighted = option.getAttribute('data-p-highlight') === 'true';
      option.setAttribute('aria-selected', String(highlighted));
      if (highlighted) active = option;
    });
    if (active) input.setAttribute('aria-activedescendant', active.id);
    else input.removeAttribute('aria-activedescendant');
  };
  useEffect(() => {
    const frame = requestAnimationFrame(announceHighlight);
    return () => cancelAnimationFrame(frame);
  }, [suggestions]);

  /**
   * Removes a chip. Focus first goes to where the person was: the chip that takes its place (the next one), else the
   * one before, else the box. Moved before the chip goes, not after its render: a focused button that is removed leaves
   * focus on the page's body, and a move made after the render was once in a few busy runs not made at all
   * (keyboard-walk, stop 51: the removal came 600 ms after the click and nothing took focus).
   */
  const remove = (index: number) => {
    const buttons = chipsRef.current?.querySelectorAll('button') ?? [];
    (buttons[index + 1] ?? buttons[index - 1] ?? inputRef.current)?.focus();
    onChange(value.filter((_, i) => i !== index));
  };

  return (
    <>
      <ul ref={chipsRef} className="cl-exam-chips" aria-label="Exámenes elegidos">
        {value.map((exam, index) => (
          <li key={exam.id} className="cl-exam-chip">
            <span>{chipLabel(exam)}</span>
            <button type="button" aria-label={`Quitar ${chipLabel(exam)}`} title={`Quitar ${exam.name}`} onClick={() => remove(index)}>
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <AutoCompleteBox<Suggestion>
        id={`${id}-sugerencias`}
        inputId={id}
        inputRef={inputRef}
        {...lookUp}
        value={text}
        // A picked suggestion becomes a chip (onSelect) and leaves the box empty for the next exam.
        pickedText={() => ''}
        field="name"
        delay={FETCH_DELAY_MS}
        minLength={2}
        // A picked suggestion arrives here as an object, before onSelect, which still needs what was typed.
        onChange={(e) => {
          if (typeof e.value === 'string') setText(e.value);
        }}
        onSelect={(e) => {
          const exam = e.value as PickedExam;
          setText('');
          if (!value.some((v) => v.id === exam.id)) onChange([...value, pickedFrom(exam, text)]);
        }}
        itemTemplate={(exam: Suggestion) => (
          <div className="cl-exam-option">
            <span>{exam.name}</span>
            <small>{exam.detail}</small>
          </div>
        )}
        // Enter takes the highlighted suggestion (the first, unless the person moved); with a half-typed
        // exam and nothing to take, it must not send the form with that exam missing.
        autoHighlight
        onKeyDown={(e) => {
          const typed = (e.target as HTMLInputElement).value;
          if (e.key === 'Enter' && !e.defaultPrevented && typed.trim() !== '') e.preventDefault();
          if (e.key === 'Backspace' && typed === '' && value.length > 0) onChange(value.slice(0, -1));
        }}
        onKeyUp={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') announceHighlight();
        }}
        onShow={() => requestAnimationFrame(announceHighlight)}
        onHide={() => inputRef.current?.removeAttribute('aria-activedescendant')}
        placeholder={value.length === 0 ? 'Ej.: hemograma, perfil lipídico, TSH' : 'Agregar otro examen'}
        emptyMessage="No encontramos ese examen. Prueba con otro nombre o el código FONASA."
        showEmptyMessage
        invalid={invalid}
        className="cl-exam-picker"
      />
    </>
  );
}
