import { MAX_VISIT_FEE, type FieldErrors, type OpeningHours, type OwnLaboratory, type OwnLaboratoryInput, type VisitFeeInput } from '@contracts';

/** The lines of the opening hours: each weekday, Saturday and Sunday apart, and public holidays (day 8). */
export const HOUR_LINES = [
  { day: 1, label: 'Lunes' },
  { day: 2, label: 'Martes' },
  { day: 3, label: 'Miércoles' },
  { day: 4, label: 'Jueves' },
  { day: 5, label: 'Viernes' },
  { day: 6, label: 'Sábado' },
  { day: 7, label: 'Domingo' },
  { day: 8, label: 'Festivos' },
] as const;

/** 0 in the form stands for "no FONASA bono" (null on the wire): a dropdown cannot choose null. */
export const FONASA_LEVELS = [
  { label: 'Nivel 1', value: 1 },
  { label: 'Nivel 2', value: 2 },
  { label: 'Nivel 3', value: 3 },
  { label: 'No atiende con bono FONASA', value: 0 },
];

export interface LaboratoryValues {
  /** An administrator registering a branch picks its company; a provider's is its own (never sent on edits). */
  companyId: number | null;
  /** Empty on a new branch: SUC-NNN is assigned. */
  branchCode: string;
  identifierName: string;
  addressLine1: string;
  addressLine2: string;
  /** Only picks the comunas offered; never sent. */
  regionId: number | null;
  comunaId: number | null;
  lat: number | null;
  lng: number | null;
  phone: string;
  email: string;
  website: string;
  /** Per day 1..8: both empty means closed that day. */
  hours: Record<number, { opens: string; closes: string }>;
  fonasaLevel: number;
  insurerIds: number[];
  /** Home collection: whether the branch takes samples at home, its fee, and the comunas it reaches. */
  homeCollection: boolean;
  homeFee: number | null;
  homeComunaIds: number[];
  /** A comuna's own fee where it differs from `homeFee` (kept as loaded; the form edits the general fee). */
  homeComunaFees: Record<number, number>;
  /** Fees charged apart from the exams (issue 30): empty means not charged. */
  feeVenous: number | null;
  feeCapillary: number | null;
  feePediatric: number | null;
  afterHoursFee: number | null;
  afterHoursFrom: string;
  afterHoursUntil: string;
}

/** The sample-taking fees of the form, by the kind each stands for. */
const SAMPLE_FEE_FIELDS = [['feeVenous', 'VENOUS'], ['feeCapillary', 'CAPILLARY'], ['feePediatric', 'PEDIATRIC']] as const;

const noHours = () => Object.fromEntries(HOUR_LINES.map(({ day }) => [day, { opens: '', closes: '' }])) as LaboratoryValues['hours'];

export const emptyLaboratory: LaboratoryValues = {
  companyId: null,
  branchCode: '',
  identifierName: '', addressLine1: '', addressLine2: '', regionId: null, comunaId: null, lat: null, lng: null, phone: '', email: '', website: '',
  hours: noHours(), fonasaLevel: 0, insurerIds: [], homeCollection: false, homeFee: null, homeComunaIds: [], homeComunaFees: {},
  feeVenous: null, feeCapillary: null, feePediatric: null, afterHoursFee: null, afterHoursFrom: '', afterHoursUntil: '',
};

export const laboratoryValues = (lab: OwnLaboratory): LaboratoryValues => {
  const hours = noHours();
  for (const h of lab.openingHours ?? []) hours[h.day] = { opens: h.opens, closes: h.closes };
  return {
    companyId: null,
    branchCode: lab.branchCode ?? '',
    identifierName: lab.identifierName,
    addressLine1: lab.addressLine1,
    addressLine2: lab.addressLine2 ?? '',
    regionId: lab.comuna.parent?.id ?? null,
    comunaId: lab.comuna.id,
    lat: lab.lat,
    lng: lab.lng,
    phone: lab.phone ?? '',
    email: lab.email ?? '',
    website: lab.website ?? '',
    hours,
    fonasaLevel: lab.fonasaLevel ?? 0,
    insurerIds: lab.insurers.map((i) => i.id),
    homeCollection: lab.homeCollection !== null,
    homeFee: lab.homeCollection?.fee ?? null,
    homeComunaIds: lab.homeCollection?.comunas.map((c) => c.id) ?? [],
    homeComunaFees: Object.fromEntries((lab.homeCollection?.comunas ?? []).filter((c) => c.fee !== lab.homeCollection!.fee).map((c) => [c.id, c.fee])),
    ...feeValues(lab.fees ?? []),
  };
};

function feeValues(fees: VisitFeeInput[]) {
  const amount = (kind: VisitFeeInput['kind']) => fees.find((f) => f.kind === kind)?.amount ?? null;
  const surcharge = fees.find((f) => f.kind === 'AFTER_HOURS');
  return {
    feeVenous: amount('VENOUS'), feeCapillary: amount('CAPILLARY'), feePediatric: amount('PEDIATRIC'),
    afterHoursFee: surcharge?.amount ?? null, afterHoursFrom: surcharge?.startsAt ?? '', afterHoursUntil: surcharge?.endsAt ?? '',
  };
}

const feesInput = (values: LaboratoryValues): VisitFeeInput[] => [
  ...SAMPLE_FEE_FIELDS.flatMap(([field, kind]) => (values[field] ? [{ kind, amount: values[field] }] : [])),
  ...(values.afterHoursFee ? [{ kind: 'AFTER_HOURS' as const, amount: values.afterHoursFee, startsAt: values.afterHoursFrom, endsAt: values.afterHoursUntil }] : []),
];

const openingHours = (values: LaboratoryValues): OpeningHours[] =>
  HOUR_LINES.flatMap(({ day }) => {
    const { opens, closes } = values.hours[day];
    return opens && closes ? [{ day, opens, closes }] : [];
  });

export const laboratoryInput = (values: LaboratoryValues): OwnLaboratoryInput => ({
  ...(values.companyId !== null && { companyId: values.companyId }),
  ...(values.branchCode.trim() && { branchCode: values.branchCode.trim().toUpperCase() }),
  identifierName: values.identifierName.trim(),
  addressLine1: values.addressLine1.trim(),
  // '' clears an optional field (the API's clearable fields).
  addressLine2: values.addressLine2.trim(),
  comunaId: values.comunaId ?? 0,
  lat: values.lat,
  lng: values.lng,
  phone: values.phone.trim(),
  email: values.email.trim(),
  website: values.website.trim(),
  openingHours: openingHours(values),
  fonasaLevel: values.fonasaLevel === 0 ? null : values.fonasaLevel,
  insurerIds: values.insurerIds,
  homeCollection: values.homeCollection
    ? { fee: values.homeFee ?? 0, comunas: values.homeComunaIds.map((id) => ({ id, fee: values.homeComunaFees[id] ?? null })) }
    : null,
  fees: feesInput(values),
});

export function validateLaboratory(values: LaboratoryValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.identifierName.trim()) errors.identifierName = ['Ingresa el nombre de la sucursal.'];
  if (!values.addressLine1.trim()) errors.addressLine1 = ['Ingresa la dirección.'];
  if (values.comunaId === null) errors.comunaId = [values.regionId === null ? 'Elige la región y luego la comuna.' : 'Elige la comuna.'];
  if ((values.lat === null) !== (values.lng === null)) errors[values.lat === null ? 'lat' : 'lng'] = ['Indica latitud y longitud, o ninguna.'];
  if (values.website.trim() && !/^https?:\/\/\S+\.\S+/.test(values.website.trim())) errors.website = ['Escribe la dirección completa, por ejemplo https://www.milaboratorio.cl.'];
  if (values.homeCollection && values.homeFee === null) errors.homeFee = ['Indica el costo de la toma de muestra a domicilio.'];
  if (values.homeCollection && values.homeComunaIds.length === 0) errors.homeComunaIds = ['Elige al menos una comuna donde tomas muestras a domicilio.'];
  for (const field of [...SAMPLE_FEE_FIELDS.map(([f]) => f), 'afterHoursFee'] as const) {
    if ((values[field] ?? 0) > MAX_VISIT_FEE) errors[field] = ['El monto máximo de un cobro es $100.000.'];
  }
  if (values.afterHoursFee && (!values.afterHoursFrom || !values.afterHoursUntil)) errors.afterHoursFrom = ['Indica desde y hasta qué hora se cobra el recargo.'];
  for (const { day, label } of HOUR_LINES) {
    const { opens, closes } = values.hours[day];
    if (Boolean(opens) !== Boolean(closes)) errors[`hours.${day}`] = [`${label}: indica la hora de apertura y la de cierre, o deja ambas vacías si cierra.`];
    else if (opens && closes && opens >= closes) errors[`hours.${day}`] = [`${label}: la hora de cierre debe ser posterior a la de apertura.`];
  }
  return errors;
}

export const hoursSummary = (hours: OpeningHours[] | null) => (hours ?? []).length;
