import type { PriceQueueItem } from '@contracts';

/** How many times the FONASA level-1 value the price is; null when the exam has no FONASA value. */
export function fonasaRatio(item: Pick<PriceQueueItem, 'price' | 'exam'>): number | null {
  const fonasa = item.exam.fonasaPriceLevel1;
  return fonasa && fonasa > 0 ? item.price / fonasa : null;
}

/** 10× above or below the FONASA value: the price stands out in the queue. */
export const isExtreme = (ratio: number | null) => ratio !== null && (ratio >= 10 || ratio <= 0.1);

const decimal = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });
export const ratioText = (ratio: number | null) => (ratio === null ? 'Sin arancel FONASA' : `${decimal.format(ratio)}× FONASA`);

export const STATUS_TEXT: Record<PriceQueueItem['status'], string> = { PENDING: 'Por autorizar', AUTHORIZED: 'Autorizado', REJECTED: 'Rechazado' };
export const STATUS_TAG: Record<PriceQueueItem['status'], string> = { PENDING: 'cl-tag--warn', AUTHORIZED: 'cl-tag--ok', REJECTED: 'cl-tag--danger' };
