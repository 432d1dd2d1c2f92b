/** Chilean pesos as the app shows them ($12.345), for asserting what a person reads. */
export const clp = (amount: number) => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(amount);

/** A FONASA code as the app shows it: "0301045" → "03-01-045". */
export const dottedCode = (code: string) => `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4)}`;
