import { z } from 'zod';
import { blankAsAbsent, clearable, idField, optionalText, pagingFields } from '../../../../platform/http/fields';

/** An attribute of a laboratory: a value of the list (`selectListChildId`) or free text (`value`). */
const attributeFields = {
  laboratoryId: idField('el laboratorio'),
  selectListTypeId: idField('la lista'),
  selectListChildId: clearable(idField('el valor')),
  value: clearable(optionalText(500)),
};

export const setLaboratoryAttributeBody = z.object(attributeFields);

export const updateLaboratoryAttributeBody = z.object(attributeFields).partial();

export const searchLaboratoryAttributesBody = z.object({ laboratoryId: blankAsAbsent(idField('el laboratorio')), selectListTypeId: blankAsAbsent(idField('la lista')), ...pagingFields });
