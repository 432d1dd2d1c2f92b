import { useRef, useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import type { ExamListItem, Page } from '@contracts';
import { api } from '../../../api/client';
import { shortExamName } from '../../../app/format';

export interface PickedExam {
  id: number;
  name: string;
}

/**
 * The exams of a medical order as chips, with a look-up that understands lay names, abbreviations,
 * FONASA codes, missing accents and typos (the API's exam search).
 */
export function ExamPicker({ id, value, onChange, invalid }: { id: string; value: PickedExam[]; onChange: (exams: PickedExam[]) => void; invalid?: boolean }) {
  const [suggestions, setSuggestions] = useState<(PickedExam & { detail?: string })[]>([]);
  // Only the latest look-up may show its answer: a slower, older one arriving after a newer one or after
  // an exam was picked would reopen the list over the rest of the form.
  const latest = useRef(0);

  const lookUp = async (term: string) => {
    const asked = ++latest.current;
    try {
      const found = await api.post<Page<ExamListItem>>('/api/exam/search', { term: term.slice(0, 100), perPage: 8 });
      if (asked !== latest.current) return;
      const chosen = new Set(value.map((e) => e.id));
      setSuggestions(
        found.items.filter((e) => !chosen.has(e.id)).map((e) => ({ id: e.id, name: shortExamName(e.name), detail: `${e.codeDotted} · ${e.typeExam.name}` })),
      );
    } catch {
      if (asked === latest.current) setSuggestions([]);
    }
  };

  return (
    <AutoComplete
      inputId={id}
      multiple
      value={value}
      suggestions={suggestions}
      field="name"
      delay={200}
      minLength={2}
      completeMethod={(e) => void lookUp(e.query)}
      onChange={(e) => {
        latest.current += 1;
        onChange((e.value as PickedExam[]).map(({ id: examId, name }) => ({ id: examId, name })));
      }}
      itemTemplate={(exam: PickedExam & { detail?: string }) => (
        <div className="cl-exam-option">
          <span>{exam.name}</span>
          <small>{exam.detail}</small>
        </div>
      )}
      // Enter takes the highlighted suggestion (the first, unless the person moved); with a half-typed
      // exam and nothing to take, it must not send the form with that exam missing.
      autoHighlight
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.defaultPrevented && (e.target as HTMLInputElement).value.trim() !== '') e.preventDefault();
      }}
      placeholder={value.length === 0 ? 'Ej.: hemograma, perfil lipídico, TSH' : 'Agregar otro examen'}
      emptyMessage="No encontramos ese examen. Prueba con otro nombre o el código FONASA."
      showEmptyMessage
      invalid={invalid}
      className="cl-exam-picker"
      aria-label="Exámenes de tu orden médica"
    />
  );
}
