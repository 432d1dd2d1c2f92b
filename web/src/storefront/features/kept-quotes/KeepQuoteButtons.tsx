import { useState } from 'react';
import { Button } from 'primereact/button';
import type { KeepQuoteRequest } from '@contracts';
import { ApiError } from '../../../api/client';
import { keptQuoteCalls } from '../../../api/search';

/**
 * "Descargar cotización (PDF)" and "Compartir" (issue 30): the order's quote at this laboratory is kept under a
 * reference (the server quotes it again: its figures, never the page's), then downloaded or shared as
 * /cotizacion/{ref}, which re-quotes it when opened.
 */
export function KeepQuoteButtons({ request, keptRef, compact = false }: { request: KeepQuoteRequest; keptRef?: string; compact?: boolean }) {
  const [kept, setKept] = useState<{ key: string; ref: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const key = JSON.stringify(request);

  const keep = async (): Promise<string | null> => {
    // A quote already kept (its own page) is downloaded and shared as it is.
    if (keptRef) return keptRef;
    if (kept?.key === key) return kept.ref;
    setBusy(true);
    setNote(null);
    try {
      const { ref } = await keptQuoteCalls.keep(request);
      setKept({ key, ref });
      return ref;
    } catch (error) {
      setNote(error instanceof ApiError ? error.message : 'No pudimos guardar la cotización. Inténtalo de nuevo.');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    const ref = await keep();
    if (ref) window.location.assign(keptQuoteCalls.pdfUrl(ref));
  };

  const share = async () => {
    const ref = await keep();
    if (!ref) return;
    const url = `${window.location.origin}/cotizacion/${ref}`;
    if (navigator.share) {
      await navigator.share({ title: `Cotización ${ref}`, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setNote(`Enlace copiado: ${url}`);
  };

  return (
    <div className={`cl-keep${compact ? ' cl-keep--compact' : ''}`}>
      <Button type="button" label="Descargar cotización (PDF)" icon="pi pi-file-pdf" text={compact} outlined={!compact} size="small" loading={busy} onClick={() => void download()} />
      <Button type="button" label="Compartir" icon="pi pi-share-alt" text={compact} outlined={!compact} size="small" disabled={busy} onClick={() => void share()} />
      {note && <p className="cl-muted cl-keep__note" role="status">{note}</p>}
      {kept && !note && <p className="cl-muted cl-keep__note" role="status" data-testid="kept-ref">Cotización {kept.ref}: válida 30 días.</p>}
    </div>
  );
}
