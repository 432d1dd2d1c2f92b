import type { PriceQueueItem } from '@contracts';
import { fonasaRatio, isExtreme, ratioText } from './ratio';

/** The price against the FONASA level-1 value, flagged when it is 10× above or below it. */
export function PriceRatio({ item }: { item: PriceQueueItem }) {
  const ratio = fonasaRatio(item);
  if (!isExtreme(ratio)) return <span className={ratio === null ? 'cl-muted' : undefined}>{ratioText(ratio)}</span>;
  return (
    <span className="cl-tag cl-tag--danger" title="El precio está 10 veces o más lejos del arancel FONASA">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {ratioText(ratio)}
      <span className="cl-sr-only"> (muy lejos del arancel FONASA)</span>
    </span>
  );
}
