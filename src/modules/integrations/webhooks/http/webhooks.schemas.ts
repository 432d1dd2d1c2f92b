import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../../../contracts/webhooks';
import { blankAsAbsent, booleanField, idField, pagingFields } from '../../../../platform/http/fields';

const urlField = z.string({ message: 'Indica la URL.' }).trim().min(1, 'Indica la URL.').max(2000, 'La URL es demasiado larga (máximo 2.000 caracteres).');
const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `Los eventos son ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), { message: 'Indica los eventos.' })
  .min(1, 'Elige al menos un evento.');

export const createWebhookEndpointBody = z.object({
  companyId: blankAsAbsent(idField('la empresa')),
  url: urlField,
  events: eventsField,
  active: booleanField.optional(),
});

export const updateWebhookEndpointBody = z.object({
  url: urlField.optional(),
  events: eventsField.optional(),
  active: booleanField.optional(),
});

export const searchWebhookEndpointsBody = z.object({
  companyId: blankAsAbsent(idField('la empresa')),
});

export const searchWebhookDeliveriesBody = z.object({
  ...pagingFields,
  companyId: blankAsAbsent(idField('la empresa')),
  endpointId: blankAsAbsent(idField('el webhook')),
  status: blankAsAbsent(z.enum(['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'], { message: 'El estado es PENDING, RETRYING, SUCCEEDED o FAILED.' })),
});
