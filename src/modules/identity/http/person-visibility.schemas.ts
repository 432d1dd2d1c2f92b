import { z } from 'zod';
import { blankAsAbsent, booleanField, idField, pagingFields } from '../../../platform/http/fields';

const visibilityFields = { personId: idField('la persona'), companyId: blankAsAbsent(idField('la empresa')), laboratoryId: blankAsAbsent(idField('el laboratorio')), isActive: booleanField.optional() };
const namesTarget = (b: { companyId?: number; laboratoryId?: number }) => b.companyId !== undefined || b.laboratoryId !== undefined;

/**
 * `POST /api/person-visibility` both lists and creates (spec §7): a body naming a company or a
 * laboratory creates a grant; any other body is a list filter.
 */
export const listOrGrantVisibilityBody = z.union([
  z.object(visibilityFields).refine(namesTarget).transform((b) => ({ grant: b })),
  z.object({ personId: blankAsAbsent(idField('la persona')), ...pagingFields }).transform((b) => ({ list: b })),
]);

/** The body replaces the grant: it names a company, a laboratory, or both. */
export const updateVisibilityBody = z.object(visibilityFields).refine(namesTarget, { message: 'Indica una empresa o un laboratorio.', path: ['companyId'] });
