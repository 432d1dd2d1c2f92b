import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { PickedExam } from '../search/ExamPicker';
import type { ReadingRequest } from './OrderReaderDialog';

const loadDialog = () => import('./OrderReaderDialog');
const OrderReaderDialog = lazy(loadDialog);
const preload = () => void loadDialog().catch(() => undefined);

/**
 * Beside the exam box: "Pegar mi orden" and "Foto de la orden". The dialog (loaded on first need, not with the
 * page) reads the order and the patient reviews it; the exams they confirm reach the box through `onChange`,
 * the same path as an exam picked in the box, so the quote runs exactly as it does then.
 */
export function OrderReader({ value, onChange }: { value: PickedExam[]; onChange: (exams: PickedExam[]) => void }) {
  const id = useId();
  const [request, setRequest] = useState<ReadingRequest | null>(null);
  const [visible, setVisible] = useState(false);
  const [added, setAdded] = useState('');
  const photoInput = useRef<HTMLInputElement>(null);
  const photoButton = useRef<HTMLButtonElement>(null);

  const open = (source: ReadingRequest['source'], photo: File | null) => {
    setRequest((last) => ({ id: (last?.id ?? 0) + 1, source, photo }));
    setVisible(true);
    setAdded('');
  };

  return (
    <div className="cl-order-reader">
      <div className="cl-order-reader__buttons">
        <button type="button" className="p-button p-button-outlined p-button-sm" aria-haspopup="dialog" onPointerEnter={preload} onFocus={preload} onClick={() => open('paste', null)}>
          <i className="pi pi-clipboard p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Pegar mi orden</span>
        </button>
        <button
          ref={photoButton}
          type="button"
          className="p-button p-button-outlined p-button-sm"
          aria-haspopup="dialog"
          aria-describedby={`${id}-foto-nota`}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => photoInput.current?.click()}
        >
          <i className="pi pi-camera p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Foto de la orden</span>
        </button>
        {/* A phone opens its camera, a computer its file picker; the button above stands for it (and keeps the focus). */}
        <input
          ref={photoInput}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label="Foto de la orden"
          data-testid="order-photo-input"
          onChange={(event) => {
            const photo = event.target.files?.[0];
            // The same photo chosen again is a change too.
            event.target.value = '';
            if (!photo) return;
            // The dialog gives the focus back where it was when it opened: on the button, even after the camera.
            // (A photo taken again from inside the open dialog keeps the focus there.)
            if (!visible) photoButton.current?.focus();
            open('photo', photo);
          }}
        />
      </div>
      <p id={`${id}-foto-nota`} className="cl-order-reader__note">
        <i className="pi pi-lock" aria-hidden="true" /> Leemos tu foto y no la guardamos.
      </p>
      <p className="cl-order-reader__added" role="status">
        {added}
      </p>
      {request && (
        <Suspense fallback={null}>
          <OrderReaderDialog
            request={request}
            visible={visible}
            value={value}
            onHide={() => setVisible(false)}
            onPickPhoto={() => photoInput.current?.click()}
            onAdd={(exams) => {
              onChange([...value, ...exams]);
              setAdded(`Agregamos ${exams.length} ${exams.length === 1 ? 'examen' : 'exámenes'} de tu orden.`);
              setVisible(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
