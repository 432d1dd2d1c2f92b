/** Chilean pesos as the app shows them ($12.345), for asserting what a person reads. */
export const clp = (amount: number) => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(amount);
