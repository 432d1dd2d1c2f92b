import { useState, type Dispatch } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import type { OrderLineExam } from '@contracts';
import { ExamPicker, type PickedExam } from '../search/ExamPicker';
import { NONE, pickedExam, type Review, type ReviewEvent, type ReviewLine } from './orderReview';

const BADGE: Record<ReviewLine['line']['status'], string> = {
  RECOGNISED: 'Reconocida',
  AMBIGUOUS: 'Elige una',
  NOT_LAB: 'Apartada',
  UNKNOWN: 'Sin reconocer',
};

interface Props {
  review: Review;
  inBox: PickedExam[];
  dispatch: Dispatch<ReviewEvent>;
  /** Reads one corrected line again; resolves to an error message, or null when it was read. */
  reread: (key: number, text: string) => Promise<string | null>;
}

/**
 * The order's lines, each beside what it became (issue: the order reader). A list a screen reader walks line by
 * line: "Línea 2: glicemia. Reconocida. Glucosa, casilla marcada."
 */
export function OrderReview({ review, inBox, dispatch, reread }: Props) {
  return (
    <ol className="cl-order-review" aria-label="Líneas de tu orden">
      {review.lines.map((line, index) => (
        <li key={line.key} className={`cl-order-line cl-order-line--${line.line.status.toLowerCase().replace('_', '-')}`}>
          <p className="cl-order-line__source">
            <span className="cl-sr-only">Línea {index + 1}: </span>
            <span className="cl-order-line__text">{line.line.text}</span>
            <span className="cl-order-line__badge">
              <span className="cl-sr-only">. </span>
              {BADGE[line.line.status]}
            </span>
          </p>
          <div className="cl-order-line__outcome">
            <LineOutcome line={line} inBox={inBox} dispatch={dispatch} reread={reread} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function ExamName({ exam }: { exam: OrderLineExam }) {
  return (
    <>
      <span>{pickedExam(exam).name}</span> <small className="cl-order-line__code">{exam.codeDotted}</small>
    </>
  );
}

function LineOutcome({ line, inBox, dispatch, reread }: { line: ReviewLine; inBox: PickedExam[]; dispatch: Dispatch<ReviewEvent>; reread: Props['reread'] }) {
  const { key, line: read } = line;
  const boxed = (exam: OrderLineExam) => inBox.some((e) => e.id === exam.id);

  switch (read.status) {
    case 'RECOGNISED':
      return (
        <ul className="cl-order-line__exams">
          {read.exams.map((exam) =>
            boxed(exam) ? (
              <li key={exam.id} className="cl-order-line__boxed">
                <i className="pi pi-check" aria-hidden="true" />
                <span>
                  <ExamName exam={exam} /> <span className="cl-muted">· ya está en tu orden</span>
                </span>
              </li>
            ) : (
              <li key={exam.id} className="cl-order-line__check">
                <Checkbox inputId={`linea-${key}-examen-${exam.id}`} checked={!line.unticked.includes(exam.id)} onChange={() => dispatch({ type: 'examToggled', key, examId: exam.id })} />
                <label htmlFor={`linea-${key}-examen-${exam.id}`}>
                  <ExamName exam={exam} />
                </label>
              </li>
            ),
          )}
        </ul>
      );
    case 'AMBIGUOUS':
      return (
        <fieldset className="cl-order-line__choice">
          <legend>¿Cuál de estos?</legend>
          {[...read.alternatives, null].map((exam) => {
            const value = exam?.id ?? NONE;
            const id = `linea-${key}-opcion-${value}`;
            return (
              <div key={value} className={`cl-choice${line.chosen === value ? ' is-chosen' : ''}`}>
                <RadioButton inputId={id} name={`linea-${key}`} value={value} checked={line.chosen === value} onChange={() => dispatch({ type: 'alternativeChosen', key, examId: value })} />
                <label htmlFor={id}>
                  {exam ? <ExamName exam={exam} /> : 'Ninguno de estos'}
                  {exam && boxed(exam) && <span className="cl-muted"> · ya está en tu orden</span>}
                </label>
              </div>
            );
          })}
        </fieldset>
      );
    case 'NOT_LAB':
      return (
        <p className="cl-order-line__aside">
          <i className="pi pi-minus-circle" aria-hidden="true" />
          <span>{read.reason ?? 'No es un examen de laboratorio.'} No la agregamos.</span>
        </p>
      );
    case 'UNKNOWN':
      return <UnknownLine line={line} dispatch={dispatch} reread={reread} />;
  }
}

/** A line the reader did not recognise: said plainly, with two ways on, correcting it or looking the exam up. */
function UnknownLine({ line, dispatch, reread }: { line: ReviewLine; dispatch: Dispatch<ReviewEvent>; reread: Props['reread'] }) {
  const { key } = line;
  const [open, setOpen] = useState<'edit' | 'search' | null>(line.found.length > 0 ? 'search' : null);
  const [text, setText] = useState(line.line.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panelId = `linea-${key}-${open ?? 'panel'}`;

  const readAgain = async () => {
    if (busy) return;
    if (text.trim() === '') {
      setError('Escribe el examen como aparece en tu orden.');
      return;
    }
    setBusy(true);
    setError(null);
    const problem = await reread(key, text.trim());
    // Read: this line is replaced (and this component with it); only a failure stays to be said.
    if (problem) {
      setBusy(false);
      setError(problem);
    }
  };

  return (
    <>
      <p className="cl-order-line__unknown">
        <i className="pi pi-question-circle" aria-hidden="true" />
        <span>No reconocimos esta línea.</span>
      </p>
      <div className="cl-order-line__actions">
        <Button type="button" text size="small" icon="pi pi-pencil" label="Corregir" aria-expanded={open === 'edit'} aria-controls={open === 'edit' ? panelId : undefined} onClick={() => setOpen(open === 'edit' ? null : 'edit')} />
        <Button type="button" text size="small" icon="pi pi-search" label="Buscar el examen" aria-expanded={open === 'search'} aria-controls={open === 'search' ? panelId : undefined} onClick={() => setOpen(open === 'search' ? null : 'search')} />
      </div>
      {open === 'edit' && (
        <div id={panelId} className="cl-order-line__panel">
          <label htmlFor={`linea-${key}-texto`}>Corrige la línea como la escribió tu médico</label>
          <div className="cl-order-line__edit">
            <InputText
              id={`linea-${key}-texto`}
              value={text}
              maxLength={500}
              invalid={error !== null}
              aria-describedby={error ? `linea-${key}-error` : undefined}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void readAgain();
                }
              }}
            />
            <Button type="button" outlined size="small" label="Volver a leer" icon={busy ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'} aria-busy={busy} onClick={() => void readAgain()} />
          </div>
          {error && (
            <small id={`linea-${key}-error`} className="cl-field__error" role="alert">
              {error}
            </small>
          )}
        </div>
      )}
      {open === 'search' && (
        <div
          id={panelId}
          className="cl-order-line__panel cl-field"
          // Escape with the suggestions open closes them, not the whole dialog (PrimeReact listens on the document).
          onKeyDown={(event) => {
            if (event.key === 'Escape' && document.getElementById(`linea-${key}-buscar-sugerencias_list`)) event.stopPropagation();
          }}
        >
          <label htmlFor={`linea-${key}-buscar`}>Busca el examen por su nombre o código</label>
          <ExamPicker id={`linea-${key}-buscar`} value={line.found} onChange={(exams) => dispatch({ type: 'examsFound', key, exams })} />
        </div>
      )}
    </>
  );
}
