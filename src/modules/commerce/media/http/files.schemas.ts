import { z } from 'zod';
import { blankAsAbsent, orderingFields, pagingFields } from '../../../../platform/http/fields';
import { IMAGE_WIDTHS } from '../media-url';

export const searchFilesBody = z.object({
  term: blankAsAbsent(z.string().trim().max(100, 'Máximo 100 caracteres.')),
  ...orderingFields(['createdAt', 'originalName', 'size']),
  ...pagingFields,
});

/** `?w=640`: one of the widths the pages use. */
export const mediaQuery = z.object({
  w: blankAsAbsent(
    z.coerce
      .number()
      .refine((w): w is (typeof IMAGE_WIDTHS)[number] => (IMAGE_WIDTHS as readonly number[]).includes(w), { message: `El ancho es uno de ${IMAGE_WIDTHS.join(', ')}.` }),
  ),
});
