import { z } from 'zod';
import { MAX_VISIT_FEE, VISIT_FEE_KINDS } from '../../../../contracts/laboratories';
import { MAX_HOME_COMUNAS } from '../home-collection/home-collection';
import { blankAsAbsent, booleanField, clearable, emailField, idField, idList, optionalText, pagingFields, phoneField, textField } from '../../../../platform/http/fields';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM.');
const openingHours = z
  // 1..7: ISO weekday (Monday = 1); 8: public holidays (docs/decisions.md).
  .object({ day: z.coerce.number().int().min(1, 'El día va de 1 (lunes) a 8 (festivos).').max(8, 'El día va de 1 (lunes) a 8 (festivos).'), opens: time, closes: time })
  .refine((h) => h.opens < h.closes, 'La hora de cierre debe ser posterior a la de apertura.');

const fee = z.coerce.number({ message: 'El costo debe ser un número.' }).int('El costo va en pesos, sin decimales.').min(0, 'El costo no puede ser negativo.').max(200000, 'El costo máximo es $200.000.');
/** Home collection: one fee, the comunas reached (its own and chosen neighbours), a comuna's own fee where it differs. */
const homeCollection = z.object({
  fee,
  comunas: z
    .array(z.object({ id: idField('la comuna'), fee: fee.nullable().optional() }))
    .min(1, 'Indica al menos una comuna donde tomas muestras a domicilio.')
    .max(MAX_HOME_COMUNAS, `Máximo ${MAX_HOME_COMUNAS} comunas.`),
});

/** A fee charged apart from the exams (issue 30): a known kind, whole pesos up to $100.000, hours for the surcharge. */
const visitFee = z
  .object({
    kind: z.enum(VISIT_FEE_KINDS, { message: 'El tipo de cobro no existe: usa VENOUS, CAPILLARY, PEDIATRIC o AFTER_HOURS.' }),
    amount: z.coerce.number({ message: 'El monto debe ser un número.' }).int('El monto va en pesos, sin decimales.').min(1, 'El monto debe ser mayor que cero.').max(MAX_VISIT_FEE, 'El monto máximo de un cobro es $100.000.'),
    startsAt: time.nullable().optional(),
    endsAt: time.nullable().optional(),
  })
  .refine((f) => f.kind !== 'AFTER_HOURS' || (f.startsAt && f.endsAt), { message: 'Indica desde y hasta qué hora se cobra el recargo.', path: ['startsAt'] })
  .refine((f) => f.kind !== 'AFTER_HOURS' || !f.startsAt || f.startsAt !== f.endsAt, { message: 'El recargo debe empezar y terminar a horas distintas.', path: ['endsAt'] });

/** A new branch: its name, address and comuna; the company too when an administrator registers it. */
export const registerLaboratoryBody = z.object({
  companyId: idField('la empresa').optional(),
  // As the price lists write it: "suc-01" and "SUC-01" are one code.
  branchCode: z.string({ message: 'Debe ser un texto.' }).trim().toUpperCase().min(1, 'Indica el código de la sucursal.').max(40, 'Máximo 40 caracteres.')
    .regex(/^[A-Z0-9][A-Z0-9._-]*$/, 'Usa letras, números, puntos o guiones, sin espacios (por ejemplo SUC-001).').optional(),
  identifierName: textField('el nombre del laboratorio', 200),
  addressLine1: textField('la dirección', 300),
  addressLine2: clearable(optionalText(300)),
  comunaId: idField('la comuna'),
  lat: clearable(z.coerce.number().min(-56).max(-17)),
  lng: clearable(z.coerce.number().min(-110).max(-66)),
  phone: clearable(phoneField),
  email: clearable(emailField),
  website: clearable(z.url({ protocol: /^https?$/, message: 'Ingresa una dirección web válida (https://...).' }).max(300)),
  openingHours: z.array(openingHours).max(24).optional(),
  // Empty: the branch is not in FONASA's Modalidad de Libre Elección (patients pay its private prices).
  fonasaLevel: clearable(z.coerce.number().int().min(1, 'El nivel FONASA va de 1 a 3.').max(3, 'El nivel FONASA va de 1 a 3.')),
  isActive: booleanField.optional(),
  insurerIds: idList('la previsión').optional(),
  homeCollection: homeCollection.nullable().optional(),
  fees: z.array(visitFee).max(VISIT_FEE_KINDS.length, 'Cada cobro se indica una sola vez.').optional(),
});

export const updateLaboratoryBody = registerLaboratoryBody.partial();

export const searchOwnLaboratoriesBody = z.object({ name: optionalText(200), companyId: blankAsAbsent(idField('la empresa')), comunaId: blankAsAbsent(idField('la comuna')), ...pagingFields });

export const laboratoryPageBody = z.object({
  term: optionalText(100),
  /** Only these exams (a quoted order, shown first on the page). */
  exams: idList('el examen', 30).optional(),
  ...pagingFields,
  perPage: pagingFields.perPage.default(50),
});
