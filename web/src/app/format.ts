const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/** Chilean pesos as people read them: $12.345. */
export const formatClp = (amount: number) => clp.format(amount);

/**
 * FONASA's official names carry the technique in parentheses ("Hemograma (incluye recuentos…)");
 * people know the exam by what comes before.
 */
export function shortExamName(name: string): string {
  const cut = name.indexOf(' (');
  return cut > 0 ? name.slice(0, cut) : name;
}

const DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
export const dayName = (day: number) => DAYS[day % 7];
