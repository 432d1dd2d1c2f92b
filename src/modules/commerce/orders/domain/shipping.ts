import type { ShippingMethod } from '../../../../contracts/sales-orders';

/**
 * Home collection is the branch's own (catalogue/laboratories, `laboratory_home_comuna`): the comunas it reaches and
 * its fee in each, the very fee the search's quote added. A comuna it does not reach is not served.
 * docs/decisions.md, "Home collection and the FONASA bono".
 */
export interface Place {
  /** The comunas the branch's home collection reaches, each with its fee; empty when it takes no samples at home. */
  served: { id: number; name: string; fee: number }[];
  /** The patient's comuna, when home collection is asked for. */
  comunaId?: number;
}

export function homeFee(place: Place): number | null {
  if (place.comunaId === undefined) return null;
  return place.served.find((comuna) => comuna.id === place.comunaId)?.fee ?? null;
}

export function shippingMethods(place: Place): ShippingMethod[] {
  const fee = homeFee(place);
  const offered = place.served.length > 0;
  return [
    { code: 'BRANCH', name: 'Atención en sucursal', description: 'Vas al laboratorio con tu voucher dentro de su horario de toma de muestras.', fee: 0, available: true },
    {
      code: 'HOME',
      name: 'Toma de muestra a domicilio',
      description: !offered
        ? 'Este laboratorio no hace toma de muestra a domicilio.'
        : place.comunaId === undefined
          ? 'Un profesional del laboratorio toma la muestra en tu domicilio. Elige tu comuna para ver el costo.'
          : fee === null
            ? 'Este laboratorio no hace toma de muestra a domicilio en tu comuna.'
            : 'Un profesional del laboratorio toma la muestra en tu domicilio; te llamará para acordar el día y la hora.',
      fee,
      available: fee !== null,
      comunas: place.served,
    },
  ];
}

export const SHIPPING_NAMES: Record<ShippingMethod['code'], string> = { BRANCH: 'Atención en sucursal', HOME: 'Toma de muestra a domicilio' };
