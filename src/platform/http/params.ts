import { z } from 'zod';

/** A database id in a path (`/api/exam/{id}`): a positive 32-bit integer. */
export const idParam = z.coerce
  .number({ message: 'Debe ser un número.' })
  .int('Debe ser un número entero.')
  .positive('Debe ser mayor que cero.')
  .max(2147483647, 'Es demasiado grande.');
