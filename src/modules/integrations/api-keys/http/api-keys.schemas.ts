import { z } from 'zod';
import { blankAsAbsent, idField, pagingFields, textField } from '../../../../platform/http/fields';

export const createApiKeyBody = z.object({
  /** What the key is for ("ERP de la casa matriz"): the only way to tell keys apart besides their prefix. */
  name: textField('un nombre para la clave', 100),
});

export const searchApiKeysBody = z.object({
  companyId: blankAsAbsent(idField('la empresa')),
  status: blankAsAbsent(z.enum(['ACTIVE', 'REVOKED'], { message: 'El estado debe ser ACTIVE o REVOKED.' })),
  ...pagingFields,
});
