import type { ShippingMethod } from '../../../../contracts/sales-orders';

/**
 * Home collection fees. No laboratory has published a fee table yet, so the marketplace states one:
 * the branch's own comuna, or a neighbouring one (a shared border); farther comunas are not served.
 * docs/decisions.md, "Checkout and sales orders".
 */
export const HOME_FEE_SAME_COMUNA = 4990;
export const HOME_FEE_NEIGHBOUR = 7990;

export interface Place {
  laboratoryComunaId: number;
  /** The patient's comuna, when home collection is asked for. */
  comunaId?: number;
  neighbourIds: number[];
}

export function homeFee(place: Place): number | null {
  if (place.comunaId === undefined) return null;
  if (place.comunaId === place.laboratoryComunaId) return HOME_FEE_SAME_COMUNA;
  return place.neighbourIds.includes(place.comunaId) ? HOME_FEE_NEIGHBOUR : null;
}

export function shippingMethods(place: Place, served: { id: number; name: string }[] = []): ShippingMethod[] {
  const fee = homeFee(place);
  return [
    { code: 'BRANCH', name: 'Atención en sucursal', description: 'Vas al laboratorio con tu bono dentro de su horario de toma de muestras.', fee: 0, available: true },
    {
      code: 'HOME',
      name: 'Toma de muestra a domicilio',
      description: place.comunaId === undefined
        ? 'Un profesional del laboratorio toma la muestra en tu domicilio. Elige tu comuna para ver el costo.'
        : fee === null
          ? 'Este laboratorio no hace toma de muestra a domicilio en tu comuna.'
          : 'Un profesional del laboratorio toma la muestra en tu domicilio; te llamará para acordar el día y la hora.',
      fee,
      available: fee !== null,
      comunas: served.map((comuna) => ({ ...comuna, fee: homeFee({ ...place, comunaId: comuna.id })! })),
    },
  ];
}

export const SHIPPING_NAMES: Record<ShippingMethod['code'], string> = { BRANCH: 'Atención en sucursal', HOME: 'Toma de muestra a domicilio' };
