import { formatCount } from '../../../app/format';
import type { ImportJob, ImportKind, ImportPriceFlag, ImportRowStatus, ImportStatus, ProfileCode } from '@contracts';

export const BASE = '/app/imports';

/** What each import loads, as people call it. */
export const KIND_LABELS: Record<ImportKind, string> = {
  'laboratory-exam': 'Precios de exámenes',
  laboratory: 'Sucursales',
  exam: 'Arancel FONASA',
};

/** The imports a profile may run: the FONASA catalogue is the administrators'. */
export const kindsFor = (profile: ProfileCode | undefined): ImportKind[] => (profile === 'ADM' ? ['laboratory-exam', 'laboratory', 'exam'] : ['laboratory-exam', 'laboratory']);

export const isKind = (value: string | null): value is ImportKind => value !== null && value in KIND_LABELS;

/** What one row of each kind holds, told before the file is chosen. */
export const KIND_HINTS: Record<ImportKind, string> = {
  'laboratory-exam':
    'Una fila por precio: la sucursal (su código o su número), el código FONASA del examen y el precio en pesos. El nombre del examen es opcional: solo ayuda a leer el archivo.',
  laboratory: 'Una fila por sucursal: un código que tú eliges (con él, la próxima importación actualiza la misma sucursal), nombre, dirección, comuna, teléfono, horario, nivel FONASA y previsiones.',
  exam: 'Una fila por examen del arancel: código, nombre, tipo, sinónimos y los valores y copagos de los niveles 1 a 3. Cargar el arancel de un año nuevo actualiza los exámenes existentes.',
};

export const STATUS_LABELS: Record<ImportStatus, { label: string; tone: 'ok' | 'warn' | 'danger' | 'info' }> = {
  VALIDATED: { label: 'Por confirmar', tone: 'info' },
  QUEUED: { label: 'En cola', tone: 'info' },
  RUNNING: { label: 'Importando', tone: 'info' },
  COMPLETED: { label: 'Importada', tone: 'ok' },
  FAILED: { label: 'Falló', tone: 'danger' },
  REJECTED: { label: 'No importada (todo o nada)', tone: 'warn' },
};

export const ROW_STATUS_LABELS: Record<ImportRowStatus, { label: string; tone: 'ok' | 'warn' | 'danger' | 'info' }> = {
  CREATE: { label: 'Nueva', tone: 'ok' },
  UPDATE: { label: 'Actualiza', tone: 'info' },
  UNCHANGED: { label: 'Sin cambios', tone: 'info' },
  ERROR: { label: 'Con errores', tone: 'danger' },
};

/** The import is still moving: its screen follows it. */
export const isRunning = (job: ImportJob) => job.status === 'QUEUED' || job.status === 'RUNNING';


/** "1.200 nuevas · 35 actualizadas · 4 con errores": what an import did, or would do. */
/** Why the review flags a price row, as the review screen says it. */
export const FLAG_LABELS: Record<ImportPriceFlag, { label: string; hint: string }> = {
  FAR_FROM_MARKET: { label: 'Lejos del mercado', hint: '3 veces la mediana de la región o un tercio de ella' },
  BELOW_BONO_COPAY: { label: 'Bajo el copago del bono', hint: 'menor que lo que paga un paciente FONASA con bono en esta sucursal' },
  LARGE_CHANGE: { label: 'Cambio > 50 %', hint: 'sube o baja más de la mitad del precio actual' },
};

export function outcome(job: ImportJob): string {
  const r = job.result;
  const parts = r
    ? [[r.created, 'nueva', 'nuevas'], [r.updated, 'actualizada', 'actualizadas'], [r.unchanged, 'sin cambios', 'sin cambios'], [r.failed, 'no importada', 'no importadas'], [r.excluded, 'excluida', 'excluidas']]
    : [[job.summary.toCreate, 'nueva', 'nuevas'], [job.summary.toUpdate, 'por actualizar', 'por actualizar'], [job.summary.unchanged, 'sin cambios', 'sin cambios'], [job.summary.withErrors, 'con errores', 'con errores']];
  const said = (parts as [number, string, string][]).filter(([n]) => n > 0).map(([n, one, many]) => `${formatCount(n)} ${n === 1 ? one : many}`);
  return said.length > 0 ? said.join(' · ') : 'Sin filas';
}


/** "2,4 MB" */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatCount(Math.max(1, bytes / 1024))} kB`;
  return `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}
