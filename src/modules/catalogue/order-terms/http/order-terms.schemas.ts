import { z } from 'zod';
import type { OrderTermKind } from '../../../../contracts/order-terms';
import { blankAsAbsent, clearable, idList, optionalText, orderingFields, pagingFields, textField } from '../../../../platform/http/fields';

const KINDS = ['PANEL', 'AMBIGUOUS', 'NOT_LAB', 'IGNORE'] as const satisfies readonly OrderTermKind[];
const kindField = z.enum(KINDS, { message: 'Elige el tipo: PANEL, AMBIGUOUS, NOT_LAB o IGNORE.' });

/** What each kind takes (exam counts, the reason) is checked by the commands, on the term as it is after an edit. */
export const createOrderTermBody = z.object({
  term: textField('el término como lo escriben las órdenes', 200),
  kind: kindField,
  examIds: idList('cada examen por su número', 30).optional(),
  reason: clearable(optionalText(300)),
});

export const updateOrderTermBody = createOrderTermBody.partial();

export const searchOrderTermsBody = z.object({
  term: optionalText(200),
  kind: blankAsAbsent(kindField),
  ...orderingFields(['term', 'kind', 'updatedAt']),
  ...pagingFields,
});
