const pesos = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/** An amount in Chilean pesos as people read it: 12990 → "$12.990". */
export function formatClp(amount: number): string {
  return pesos.format(amount);
}
