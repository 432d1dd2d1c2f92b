import { useEffect, useReducer, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import type { ReadOrderAnswer } from '@contracts';
import { asApiError } from '../../../api/client';
import { orderReaderCalls } from '../../../api/orderReader';
import type { PickedExam } from '../search/ExamPicker';
import { photoProblem, textProblem } from './orderInput';
import { OrderReview } from './OrderReview';
import { addLabel, choicesMade, EMPTY_REVIEW, examsToAdd, pendingChoices, reviewReducer, reviewSummary } from './orderReview';

/** One opening of the reader: pasting, or a photo just taken (a new photo is a new request). */
export interface ReadingRequest {
  id: number;
  source: 'paste' | 'photo';
  photo: File | null;
}

type Step = 'write' | 'reading' | 'failed' | 'review';

const TITLES: Record<Step, string> = {
  write: 'Pega tu orden médica',
  reading: 'Foto de tu orden médica',
  failed: 'Foto de tu orden médica',
  review: 'Revisa tu orden médica',
};

interface Props {
  request: ReadingRequest;
  visible: boolean;
  /** The exams already in the box: never added twice. */
  value: PickedExam[];
  onAdd: (exams: PickedExam[]) => void;
  onHide: () => void;
  /** Opens the camera (or the file picker) again: its photo comes back as a new request. */
  onPickPhoto: () => void;
}

/**
 * The order reader's dialog: the pasted text or the photo is read by the API, and the patient reviews each line
 * before anything reaches the exam box. Nothing is chosen for the patient where a line is ambiguous.
 * Focus: the dialog takes it on opening (the text box, or the step's first words) and each step change moves it
 * to the new step's first words; PrimeReact gives it back to the button that opened the dialog when it closes.
 */
export default function OrderReaderDialog({ request, visible, value, onAdd, onHide, onPickPhoto }: Props) {
  const [step, setStep] = useState<Step>(request.source === 'paste' ? 'write' : 'reading');
  const [source, setSource] = useState(request.source);
  // The pasted text, or the photo's text as it was read: kept until the exams are added.
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [textOpen, setTextOpen] = useState(false);
  const [review, dispatch] = useReducer(reviewReducer, EMPTY_REVIEW);
  // Moves focus to the step's first words whenever the step (or the review, after reading again) changes.
  const [reads, setReads] = useState(0);
  const stepStart = useRef<HTMLElement | null>(null);
  // Only the latest reading may show its answer: closing, or asking again, forgets the one on its way.
  const asked = useRef(0);

  const focusStep = () => requestAnimationFrame(() => stepStart.current?.focus());
  useEffect(() => {
    if (visible) focusStep();
  }, [step, reads]);

  const showAnswer = (answer: ReadOrderAnswer) => {
    dispatch({ type: 'orderRead', lines: answer.lines });
    setStep('review');
    setReads((n) => n + 1);
  };

  const readText = async (typed: string) => {
    if (busy) return;
    const problem = textProblem(typed);
    if (problem) {
      setError(problem);
      return;
    }
    const ask = ++asked.current;
    setBusy(true);
    setError(null);
    try {
      const answer = await orderReaderCalls.read(typed);
      if (ask === asked.current) showAnswer(answer);
    } catch (caught) {
      if (ask === asked.current) setError(asApiError(caught).message);
    } finally {
      if (ask === asked.current) setBusy(false);
    }
  };

  const readPhoto = async (photo: File) => {
    const problem = photoProblem(photo);
    const ask = ++asked.current;
    setBusy(false);
    setTextOpen(false);
    dispatch({ type: 'reviewCleared' });
    if (problem) {
      setError(problem);
      setStep('failed');
      return;
    }
    setError(null);
    setStep('reading');
    try {
      const answer = await orderReaderCalls.readPhoto(photo);
      if (ask !== asked.current) return;
      setText(answer.text ?? '');
      if (answer.lines.length > 0) showAnswer(answer);
      else {
        // Nothing to review: the next step is another photo, or the text (what was read of it, to correct).
        setError(answer.text?.trim() ? 'No encontramos exámenes en lo que leímos de tu foto.' : 'No logramos leer texto en tu foto.');
        setStep('failed');
      }
    } catch (caught) {
      if (ask !== asked.current) return;
      setError(asApiError(caught).message);
      setStep('failed');
    }
  };

  // Each opening starts at its first step; a photo is read at once.
  useEffect(() => {
    setSource(request.source);
    setError(null);
    if (request.source === 'photo' && request.photo) void readPhoto(request.photo);
    else {
      asked.current += 1;
      setBusy(false);
      setStep('write');
    }
  }, [request.id]);

  const hide = () => {
    asked.current += 1;
    setBusy(false);
    onHide();
  };

  /** One corrected line, read on its own; it replaces the line in the review. */
  const rereadLine = async (key: number, typed: string): Promise<string | null> => {
    try {
      const answer = await orderReaderCalls.read(typed);
      dispatch({ type: 'lineReread', key, text: typed, lines: answer.lines });
      return null;
    } catch (caught) {
      return asApiError(caught).message;
    }
  };

  const adding = examsToAdd(review, value);
  const pending = pendingChoices(review);
  const confirm = () => {
    if (adding.length === 0) return;
    for (const choice of choicesMade(review)) {
      orderReaderCalls.recordChoice(choice).catch((caught: unknown) => {
        // The patient's exams are added either way: a lost lesson for the reader must not disturb them.
        console.warn('CotizaLab: no se registró la elección de una línea ambigua', caught);
      });
    }
    setText('');
    dispatch({ type: 'reviewCleared' });
    onAdd(adding);
  };

  const footer = (() => {
    switch (step) {
      case 'write':
        return (
          <div className="cl-dialog__actions">
            <Button type="button" label="Cancelar" outlined onClick={hide} />
            <Button type="button" label="Leer orden" icon={busy ? 'pi pi-spin pi-spinner' : 'pi pi-file-check'} aria-busy={busy} onClick={() => void readText(text)} />
          </div>
        );
      case 'reading':
        return (
          <div className="cl-dialog__actions">
            <Button type="button" label="Cancelar" outlined onClick={hide} />
          </div>
        );
      case 'failed':
        return (
          <div className="cl-dialog__actions">
            <Button type="button" label="Pegar el texto" outlined icon="pi pi-clipboard" onClick={() => { setError(null); setSource('paste'); setStep('write'); }} />
            <Button type="button" label="Elegir otra foto" icon="pi pi-camera" onClick={onPickPhoto} />
          </div>
        );
      case 'review':
        return (
          <div className="cl-dialog__actions">
            <Button type="button" label="Cancelar" outlined onClick={hide} />
            <Button type="button" label={addLabel(adding.length)} icon="pi pi-plus" disabled={adding.length === 0} onClick={confirm} />
          </div>
        );
    }
  })();

  return (
    <Dialog
      header={TITLES[step]}
      visible={visible}
      onHide={hide}
      onShow={focusStep}
      className="cl-dialog cl-order-reader-dialog"
      footer={footer}
      draggable={false}
      resizable={false}
      blockScroll
    >
      {step === 'write' && (
        <div className="cl-field">
          <label htmlFor="orden-texto">Pega aquí el texto de tu orden médica</label>
          <InputTextarea
            id="orden-texto"
            ref={(element) => {
              stepStart.current = element;
            }}
            value={text}
            rows={8}
            autoResize={false}
            invalid={error !== null}
            aria-describedby={error ? 'orden-texto-ayuda orden-texto-error' : 'orden-texto-ayuda'}
            placeholder={'Ej.:\nHemograma\nPerfil lipídico\nTSH y T4 libre'}
            onChange={(e) => setText(e.target.value)}
            data-pc-autofocus="true"
          />
          <small id="orden-texto-ayuda" className="cl-field__hint">
            Un examen por línea, como lo escribió tu médico: entendemos siglas, abreviaturas y códigos FONASA.
          </small>
          {error && (
            <small id="orden-texto-error" className="cl-field__error" role="alert">
              {error}
            </small>
          )}
          <p className="cl-order-reader-dialog__status" role="status">
            {busy ? 'Leyendo tu orden…' : ''}
          </p>
        </div>
      )}

      {step === 'reading' && (
        <div className="cl-order-reader-dialog__reading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <p role="status" tabIndex={-1} ref={(element) => { stepStart.current = element; }}>
            <strong>Leyendo tu orden…</strong> Puede tardar unos segundos.
          </p>
          <p className="cl-muted">Leemos tu foto y no la guardamos.</p>
        </div>
      )}

      {step === 'failed' && (
        // Focus lands on the whole of it: the error and what to do next are read together.
        <div className="cl-order-reader-dialog__failed" tabIndex={-1} ref={(element) => { stepStart.current = element; }}>
          <Message severity="error" text={error ?? 'No pudimos leer tu foto.'} className="cl-block" />
          <p>Prueba con otra foto, con buena luz y la orden completa y derecha, o pega el texto de tu orden.</p>
        </div>
      )}

      {step === 'review' && (
        <div className="cl-order-reader-dialog__review">
          <p className="cl-order-reader-dialog__summary" tabIndex={-1} ref={(element) => { stepStart.current = element; }}>
            {reviewSummary(review)}
          </p>
          {review.lines.length > 0 && <OrderReview review={review} inBox={value} dispatch={dispatch} reread={rereadLine} />}
          {source === 'photo' ? (
            <div className="cl-order-reader-dialog__read-text">
              <Button
                type="button"
                text
                size="small"
                icon={textOpen ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
                label="Ver texto leído"
                aria-expanded={textOpen}
                aria-controls={textOpen ? 'orden-texto-leido' : undefined}
                onClick={() => setTextOpen(!textOpen)}
              />
              {textOpen && (
                <div id="orden-texto-leido" className="cl-field">
                  <label htmlFor="orden-texto-foto">Texto leído de tu foto</label>
                  <InputTextarea
                    id="orden-texto-foto"
                    value={text}
                    rows={6}
                    autoResize={false}
                    invalid={error !== null}
                    aria-describedby={error ? 'orden-texto-foto-ayuda orden-texto-foto-error' : 'orden-texto-foto-ayuda'}
                    onChange={(e) => setText(e.target.value)}
                  />
                  <small id="orden-texto-foto-ayuda" className="cl-field__hint">
                    Corrige lo que leímos mal y vuelve a leerlo.
                  </small>
                  {error && (
                    <small id="orden-texto-foto-error" className="cl-field__error" role="alert">
                      {error}
                    </small>
                  )}
                  <Button type="button" outlined size="small" label="Volver a leer" icon={busy ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'} aria-busy={busy} className="cl-order-reader-dialog__reread" onClick={() => void readText(text)} />
                </div>
              )}
            </div>
          ) : (
            <Button type="button" text size="small" icon="pi pi-pencil" label="Editar el texto" onClick={() => { setError(null); setStep('write'); }} />
          )}
          {pending > 0 && (
            <p className="cl-order-reader-dialog__pending">
              {pending === 1 ? 'Una línea espera que elijas su examen: si no eliges, no la agregamos.' : `${pending} líneas esperan que elijas su examen: si no eliges, no las agregamos.`}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
