import { z } from 'zod';
import { blankAsAbsent, emailField, idField, moneyField, optionalText, orderingFields, pagingFields, personNameField, phoneField, rutField, textField } from '../../../../platform/http/fields';

/** Up to this many of one exam or package in an order (a second hemograma the same day is already odd). */
export const MAX_QUANTITY = 10;

const item = z.object({
  id: idField('el examen o paquete'),
  kind: z.enum(['EXAM', 'PRODUCT'], { message: 'El tipo es EXAM o PRODUCT.' }).default('EXAM'),
  quantity: z.coerce.number({ message: 'Indica la cantidad.' }).int('La cantidad es un número entero.').min(1, 'La cantidad es al menos 1.').max(MAX_QUANTITY, `Máximo ${MAX_QUANTITY} por examen.`),
  price: moneyField,
});

const order = {
  idempotencyKey: z.string({ message: 'Falta la clave de la compra.' }).trim().regex(/^[A-Za-z0-9_-]{16,100}$/, 'La clave de la compra no es válida.'),
  laboratoryId: idField('el laboratorio'),
  items: z.array(item, { message: 'El carro está vacío.' }).min(1, 'El carro está vacío.').max(50, 'Máximo 50 exámenes por orden.'),
  shippingMethod: z.enum(['BRANCH', 'HOME'], { message: 'Elige cómo tomarás la muestra.' }),
  paymentMethod: z.enum(['webpay', 'simulator'], { message: 'Elige un medio de pago.' }),
  comunaId: blankAsAbsent(idField('la comuna')),
  address: optionalText(300),
};

/** `POST /api/checkout`: a visitor, who says who they are. */
export const visitorCheckoutBody = z
  .object({
    ...order,
    firstName: personNameField('tu nombre'),
    lastName: personNameField('tu apellido'),
    rut: rutField,
    email: emailField,
    phone: phoneField,
  })
  .refine((body) => new Set(body.items.map((i) => `${i.kind}:${i.id}`)).size === body.items.length, { path: ['items'], message: 'Un examen aparece dos veces en el carro.' });

/** `POST /api/checkout-auth`: a signed-in buyer; name and e-mail come from the account. */
export const accountCheckoutBody = z
  .object({ ...order, rut: blankAsAbsent(rutField), phone: phoneField })
  .refine((body) => new Set(body.items.map((i) => `${i.kind}:${i.id}`)).size === body.items.length, { path: ['items'], message: 'Un examen aparece dos veces en el carro.' });

export const shippingQuery = z.object({
  laboratoryId: idField('el laboratorio'),
  comunaId: blankAsAbsent(idField('la comuna')),
});

export const searchSalesOrdersBody = z.object({
  ...pagingFields,
  ...orderingFields(['createdAt', 'total', 'number']),
  status: blankAsAbsent(z.enum(['PENDING_PAYMENT', 'PAID', 'REDEEMED', 'EXPIRED', 'FAILED', 'CANCELLED', 'REFUNDED'], { message: 'Estado desconocido.' })),
  term: blankAsAbsent(textField('un texto', 100)),
  laboratoryId: blankAsAbsent(idField('el laboratorio')),
});

/** The secret of an order's link, as the voucher page sends it (`?k=`). */
export const accessKeyQuery = z.object({ k: blankAsAbsent(z.string().max(100)) });

/** Why an administrator refunds an order (kept with the refund and in the audit). */
export const refundSalesOrderBody = z.object({
  reason: z.string({ message: 'Indica el motivo del reembolso.' }).trim().min(5, 'Indica el motivo del reembolso (al menos 5 caracteres).').max(300, 'Máximo 300 caracteres.'),
});
