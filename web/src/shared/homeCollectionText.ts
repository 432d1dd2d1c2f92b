import type { HomeCollection } from '@contracts';
import { formatClp } from '../app/format';

/** Comunas named on a card before "…": enough to recognise the area on a phone. */
const NAMED = 3;

/** "A domicilio en Maipú, Cerrillos… por $4.990" (or "desde $3.990" when the fee varies by comuna). */
export function homeCollectionText(home: HomeCollection, named = NAMED): string {
  const names = home.comunas.slice(0, named).map((c) => c.name).join(', ');
  const more = home.comunas.length > named ? '…' : '';
  return `A domicilio en ${names}${more} ${home.sameFee ? 'por' : 'desde'} ${formatClp(home.fee)}`;
}
