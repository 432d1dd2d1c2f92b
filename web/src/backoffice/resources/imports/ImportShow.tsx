import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { ImportJob } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { formatCount, formatDateTime } from '../../../app/format';
import { confirmAction } from '../../../shared/ui/confirm';
import { useMutations, useNotify } from '../../crud/hooks';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { ImportRows, type RowExclusions } from './ImportRows';
import { BASE, formatSize, isRunning, KIND_LABELS, outcome, STATUS_LABELS } from './schema';

/** How often a running import is asked for its progress. */
const POLL_MS = 700;

/**
 * /app/imports/view/{id}: an import from its review to its result. A reviewed file waits here for
 * the person's confirmation; a running one shows its progress live; a finished one its result, its
 * error report and the original file.
 */
export default function ImportShow({ id }: { id: number }) {
  return (
    <ShowShell resource="imports" id={id} listPath={BASE} title={(job) => `${KIND_LABELS[job.kind]}: ${job.fileName}`} editable={() => false}>
      {(job) => <ImportDetail job={job} />}
    </ShowShell>
  );
}

function ImportDetail({ job }: { job: ImportJob }) {
  useFollow(job);
  const status = STATUS_LABELS[job.status];
  // Rows the person leaves out before confirming (a price import's review): kept here, sent with the confirmation.
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const choose = useCallback((shown: number[], chosen: number[]) => setExcluded((rows) => {
    const next = new Set(rows);
    for (const row of shown) next.delete(row);
    for (const row of chosen) next.add(row);
    return next;
  }), []);
  const exclusions: RowExclusions | undefined = useMemo(
    () => (job.status === 'VALIDATED' && job.kind === 'laboratory-exam' ? { rows: excluded, choose } : undefined),
    [job.status, job.kind, excluded, choose],
  );
  return (
    <>
      <p className="cl-import-status">
        <span className={`cl-tag cl-tag--${status.tone}`}>{status.label}</span>
      </p>
      {job.status === 'VALIDATED' ? <ConfirmPanel job={job} excluded={excluded} /> : <Progress job={job} />}
      <Downloads job={job} />
      <Fields
        items={[
          ['Empresa', job.company?.tradeName ?? (job.kind === 'exam' ? 'Catálogo FONASA' : null)],
          ['Archivo', `${job.fileName} (${job.format}, ${formatSize(job.fileSize)}${job.sheet ? `, hoja «${job.sheet}»` : ''})`],
          ['Subido por', job.createdBy.name],
          ['Subido', formatDateTime(job.createdAt)],
          ...(job.finishedAt ? [['Terminó', formatDateTime(job.finishedAt)] as [string, string]] : []),
          ['Todo o nada', job.allOrNothing ? 'Sí: si una fila tiene errores, no se importa ninguna' : 'No: se importan las filas correctas'],
        ]}
      />
      <ImportRows
        importId={job.id}
        version={`${job.status}-${job.progress.done}`}
        // A review with alerts opens on them: they are what to look at before confirming.
        initialShow={job.status === 'VALIDATED' && job.summary.flagged > 0 ? 'FLAGGED' : 'ALL'}
        exclusions={exclusions}
      />
    </>
  );
}

/** While the import runs, its record is read again every POLL_MS (a failed read just waits for the next). */
function useFollow(job: ImportJob) {
  const { saved } = useMutations('imports');
  const running = isRunning(job);
  // Runs again on every new record (a failed read stores the same one again to retry).
  useEffect(() => {
    if (!running) return;
    let current = true;
    const timer = setTimeout(() => {
      dataProvider.getOne('imports', job.id).then((fresh) => current && saved(fresh), () => current && saved({ ...job }));
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [running, job, saved]);
}

/** What the review found, and the confirmation (with "todo o nada" and the rows left out). */
function ConfirmPanel({ job, excluded }: { job: ImportJob; excluded: ReadonlySet<number> }) {
  const { saved } = useMutations('imports');
  const notify = useNotify();
  const [allOrNothing, setAllOrNothing] = useState(job.allOrNothing);
  const s = job.summary;
  const valid = s.rows - s.withErrors - excluded.size;
  const blocked = valid <= 0 || (allOrNothing && s.withErrors > 0);
  const leftOut = [
    ...(s.withErrors > 0 ? [`${formatCount(s.withErrors)} con errores`] : []),
    ...(excluded.size > 0 ? [`${formatCount(excluded.size)} que excluiste`] : []),
  ];

  const confirm = () =>
    confirmAction({
      header: 'Confirmar la importación',
      message: `Importaremos ${formatCount(valid)} ${valid === 1 ? 'fila' : 'filas'}${leftOut.length > 0 ? ` y dejaremos fuera ${leftOut.join(' y ')}` : ''}.${s.flagged > 0 ? ` Revisa antes los ${formatCount(s.flagged)} precios con alertas.` : ''}`,
      acceptLabel: 'Importar',
      danger: false,
      onAccept: async () => {
        try {
          saved(await dataProvider.confirmImport(job.id, { allOrNothing, excludeRows: [...excluded] }));
        } catch (caught) {
          notify({ severity: 'error', summary: asApiError(caught).message });
        }
      },
    });

  return (
    <section className="cl-import-review" aria-labelledby="import-review-title">
      <h2 id="import-review-title" className="cl-section-title">Revisión del archivo</h2>
      <ul className="cl-dashboard cl-import-summary" aria-label="Resumen de la revisión">
        <SummaryTile label="Filas" count={s.rows} icon="pi pi-table" />
        <SummaryTile label="Nuevas" count={s.toCreate} icon="pi pi-plus-circle" />
        <SummaryTile label="Actualizan" count={s.toUpdate} icon="pi pi-pencil" />
        <SummaryTile label="Sin cambios" count={s.unchanged} icon="pi pi-equals" />
        <SummaryTile label="Con errores" count={s.withErrors} icon="pi pi-exclamation-triangle" warn={s.withErrors > 0} />
        {job.kind === 'laboratory-exam' && <SummaryTile label="Precios con alertas" count={s.flagged} icon="pi pi-flag" warn={s.flagged > 0} />}
      </ul>
      {job.kind === 'laboratory-exam' && s.flagged > 0 && (
        <Message
          severity="warn"
          className="cl-block"
          text={`${formatCount(s.flagged)} ${s.flagged === 1 ? 'precio tiene' : 'precios tienen'} alertas: lejos de la mediana de la región, bajo el copago del bono FONASA o con un cambio de más de 50 %. Revísalos abajo y excluye los que estén mal antes de importar.`}
        />
      )}
      {valid === 0 ? (
        <Message severity="error" className="cl-block" text="Ninguna fila se puede importar: corrige el archivo con el informe de errores y vuelve a subirlo." />
      ) : (
        <>
          <div className="cl-check">
            <Checkbox inputId="import-all-or-nothing" checked={allOrNothing} onChange={(e) => setAllOrNothing(Boolean(e.checked))} disabled={s.withErrors === 0} />
            <label htmlFor="import-all-or-nothing">Todo o nada: si alguna fila tiene errores, no importar ninguna</label>
          </div>
          {blocked && <Message severity="warn" className="cl-block" text={`Con «todo o nada», las ${formatCount(s.withErrors)} filas con errores impiden importar: corrígelas o desmarca la opción.`} />}
          <div className="cl-form__actions">
            <Button label={`Importar ${formatCount(valid)} ${valid === 1 ? 'fila' : 'filas'}`} icon="pi pi-upload" onClick={confirm} disabled={blocked} />
          </div>
        </>
      )}
    </section>
  );
}

function SummaryTile({ label, count, icon, warn = false }: { label: string; count: number; icon: string; warn?: boolean }) {
  return (
    <li className={`cl-dashboard__tile${warn ? ' cl-dashboard__tile--waiting' : ''}`}>
      <i className={icon} aria-hidden="true" />
      <span className="cl-dashboard__count">{formatCount(count)}</span>
      <span className="cl-dashboard__label">{label}</span>
    </li>
  );
}

/** A running import's bar (rows done of total), then what it did. */
function Progress({ job }: { job: ImportJob }) {
  const { done, total } = job.progress;
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  if (isRunning(job)) {
    return (
      <section className="cl-import-progress" aria-live="polite">
        <ProgressBar value={percent} aria-label="Avance de la importación" />
        <p>{job.status === 'QUEUED' ? 'En cola: empezará en unos segundos.' : `Importando: ${formatCount(done)} de ${formatCount(total)} filas.`}</p>
      </section>
    );
  }
  if (job.status === 'COMPLETED') {
    const pending = job.result?.pendingAuthorization ?? 0;
    return (
      <>
        <Message severity="success" className="cl-block" text={`Importación terminada: ${outcome(job)}.`} />
        {pending > 0 && (
          <p className="cl-import-pending" data-testid="import-pending">
            {pending === 1 ? '1 precio espera' : `${formatCount(pending)} precios esperan`} la autorización de un administrador antes de publicarse.{' '}
            <Link to="/app/authorized-examinations?status=PENDING">Ver precios por autorizar</Link>
          </p>
        )}
      </>
    );
  }
  if (job.status === 'REJECTED') return <Message severity="warn" className="cl-block" text={`No importamos nada: con «todo o nada», ${formatCount(job.summary.withErrors)} filas tenían errores. Corrígelas y vuelve a subir el archivo.`} />;
  return <Message severity="error" className="cl-block" text={job.failureMessage ?? 'La importación no pudo terminar. Vuelve a intentarlo.'} />;
}

function Downloads({ job }: { job: ImportJob }) {
  const notify = useNotify();
  const download = (which: 'errors' | 'original') => dataProvider.downloadImportFile(job, which).catch((failure) => notify({ severity: 'error', summary: asApiError(failure).message }));
  return (
    <p className="cl-import-downloads">
      {job.errorFileUrl && <Button label="Descargar informe de errores" icon="pi pi-download" severity="danger" outlined onClick={() => void download('errors')} />}
      <Button label="Descargar archivo original" icon="pi pi-file" text onClick={() => void download('original')} />
    </p>
  );
}
