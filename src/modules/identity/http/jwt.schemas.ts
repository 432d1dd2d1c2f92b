import { z } from 'zod';
import { emailField } from '../../../platform/http/fields';

export const refreshBody = z.object({ token: z.string({ message: 'Falta el token.' }).min(1, 'Falta el token.').max(4096, 'El token no es válido.') });

export const recoveryBody = z.object({ email: emailField });
