import type * as FakerModule from '@faker-js/faker';
import { formatRut } from '../../platform/chile/rut';
import type { ReferenceData } from '../../platform/reference-data/reference-data';

/**
 * Demo and benchmark laboratories. Laboratories and their prices are not public data, so they
 * are generated: deterministic for a given seed and count, spread over real comunas weighted
 * towards where people live, with prices around the FONASA MLE values of each exam.
 */

/** Approximate population of each region (thousands, Censo 2017), to place branches where people live. */
const REGION_POPULATION_K: Record<string, number> = {
  '15': 226, '01': 331, '02': 607, '03': 286, '04': 757, '05': 1815, '13': 7112, '06': 914,
  '07': 1044, '16': 480, '08': 1556, '09': 957, '14': 384, '10': 828, '11': 103, '12': 166,
};

const BRANDS = [
  'Andes', 'Pacífico', 'Cordillera', 'Austral', 'Biobío', 'Del Valle', 'Santa Elena', 'San Lucas', 'Los Robles',
  'Araucaria', 'Costanera', 'Alameda', 'Vitalab', 'Biomédica', 'Integramédica Sur', 'Red Salud Norte',
  'Clínica del Mar', 'Los Aromos', 'Quillay', 'Boldo', 'Lumen', 'Hélice', 'Nativa', 'Sinergia', 'Vértice',
];
const COMPANY_KINDS = ['Laboratorio Clínico', 'Centro Médico', 'Laboratorio', 'Centro de Diagnóstico', 'Clínica'];
const STREETS = [
  'Av. Libertador Bernardo O\'Higgins', 'Arturo Prat', 'Manuel Rodríguez', 'Los Carrera', 'Freire', 'Baquedano',
  'Colón', 'Bulnes', 'Balmaceda', 'San Martín', 'Chacabuco', 'Maipú', 'Yungay', 'Serrano', 'Independencia',
  'Condell', 'Aníbal Pinto', 'Vicuña Mackenna', 'Portales', 'Lautaro', 'Av. Pedro de Valdivia', 'Caupolicán',
];

export const SELECT_LISTS = [
  {
    code: 'SERVICIOS', name: 'Servicios', isvisible: true, ispublic: true, isfilter: true,
    children: [
      ['TOMA_DOMICILIO', 'Toma de muestra a domicilio'], ['RESULTADOS_EN_LINEA', 'Resultados en línea'],
      ['ATENCION_SABADO', 'Atención los sábados'], ['SIN_HORA', 'Atención sin hora agendada'],
      ['TOMA_PEDIATRICA', 'Toma de muestra pediátrica'],
    ],
  },
  {
    code: 'ACCESIBILIDAD', name: 'Accesibilidad', isvisible: true, ispublic: true, isfilter: true,
    children: [['SILLA_RUEDAS', 'Acceso para silla de ruedas'], ['ESTACIONAMIENTO', 'Estacionamiento']],
  },
  {
    code: 'MEDIOS_PAGO', name: 'Medios de pago', isvisible: true, ispublic: true, isfilter: false,
    children: [['EFECTIVO', 'Efectivo'], ['DEBITO', 'Tarjeta de débito'], ['CREDITO', 'Tarjeta de crédito'], ['BONO_ELECTRONICO', 'Bono electrónico FONASA']],
  },
] as const;

export interface GeneratedCompany {
  key: number;
  rut: string;
  legalName: string;
  tradeName: string;
  email: string;
  phone: string;
  website: string;
}

export interface GeneratedLaboratory {
  companyKey: number;
  identifierName: string;
  addressLine1: string;
  comunaCode: string;
  lat: number | null;
  lng: number | null;
  phone: string;
  email: string;
  /** Level in FONASA's MLE; null exactly when the branch does not take FONASA. */
  fonasaLevel: 1 | 2 | 3 | null;
  openingHours: { day: number; opens: string; closes: string }[];
  /** Exam code → price in CLP, and whether an administrator has authorised it. */
  exams: { code: string; price: number; authorized: boolean }[];
  insurerCodes: string[];
  /** "LIST_CODE/CHILD_CODE" pairs. */
  attributes: string[];
}

export function generateLaboratories(reference: ReferenceData, count: number, seed = 20261122) {
  // Required here, not at the top: only a seed of demo laboratories uses faker (about 20 MB of heap at every start otherwise).
  const { Faker, es } = require('@faker-js/faker') as typeof FakerModule;
  const faker = new Faker({ locale: [es], seed });
  const pickComuna = comunaPicker(reference, faker);
  const popularCodes = new Set(reference.synonyms.map((s) => s.code));

  const companyCount = count === 0 ? 0 : Math.max(1, Math.round(count / 8));
  const companies: GeneratedCompany[] = Array.from({ length: companyCount }, (_, key) => {
    const brand = `${BRANDS[key % BRANDS.length]}${key >= BRANDS.length ? ` ${Math.floor(key / BRANDS.length) + 1}` : ''}`;
    const tradeName = `${faker.helpers.arrayElement(COMPANY_KINDS)} ${brand}`;
    const slug = brand.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
    return {
      key,
      rut: formatRut(76_000_000 + key * 7919 + faker.number.int({ min: 0, max: 7000 })),
      legalName: `${tradeName} SpA`,
      tradeName,
      email: `contacto@${slug}.cl`,
      phone: `+56 2 2${faker.string.numeric(3)} ${faker.string.numeric(4)}`,
      website: `https://www.${slug}.cl`,
    };
  });

  const namesTaken = new Map<string, number>();
  const laboratories: GeneratedLaboratory[] = [];
  for (let i = 0; i < count; i++) {
    const company = companies[i % companyCount];
    const comuna = pickComuna();
    const baseName = `${company.tradeName} ${comuna.name}`;
    const seen = (namesTaken.get(baseName) ?? 0) + 1;
    namesTaken.set(baseName, seen);
    const fonasaLevel = faker.helpers.weightedArrayElement([{ weight: 5, value: 1 as const }, { weight: 3, value: 2 as const }, { weight: 2, value: 3 as const }, { weight: 1, value: null }]);
    const priceFactor = faker.number.float({ min: 0.85, max: 1.45 });
    const breadth = faker.number.float({ min: 0.15, max: 0.65 });
    const exams = reference.exams
      .filter((exam) => faker.number.float() < (popularCodes.has(exam.code) ? 0.92 : breadth))
      .map((exam) => {
        const fonasa = exam.price[priceLevel(fonasaLevel) - 1] ?? exam.price[0] ?? 5000;
        const price = Math.round((fonasa * priceFactor * faker.number.float({ min: 0.9, max: 1.15 })) / 10) * 10;
        return { code: exam.code, price, authorized: faker.number.float() < 0.97 };
      });
    const services = SELECT_LISTS.flatMap((list) =>
      list.children.filter(() => faker.number.float() < 0.45).map(([code]) => `${list.code}/${code}`),
    );
    const opensSaturday = services.includes('SERVICIOS/ATENCION_SABADO');
    const opens = faker.helpers.arrayElement(['07:00', '07:30', '08:00']);
    const closes = faker.helpers.arrayElement(['13:00', '17:00', '18:00', '19:00']);
    const insurerCodes = reference.insurers
      .filter((ins) => ins.parentCode === null && ins.code !== 'particular')
      .filter((ins) => faker.number.float() < (ins.type === 'public' ? 0.85 : ins.type === 'isapre_open' ? 0.7 : 0.2))
      .map((ins) => ins.code);
    // Consistent with itself (issue 19): a branch taking FONASA is in the MLE (the level its prices
    // follow) and takes the bono; one that does not has no level and no bono. Every branch takes
    // some ordinary means of payment. Decided after the draws, so the generated data stays the same otherwise.
    const takesFonasa = insurerCodes.includes('fonasa');
    const payments = ['MEDIOS_PAGO/EFECTIVO', 'MEDIOS_PAGO/DEBITO', 'MEDIOS_PAGO/CREDITO'];
    const attributes = services.filter((code) => code !== 'MEDIOS_PAGO/BONO_ELECTRONICO');
    if (!attributes.some((code) => payments.includes(code))) attributes.push('MEDIOS_PAGO/EFECTIVO');
    if (takesFonasa) attributes.push('MEDIOS_PAGO/BONO_ELECTRONICO');
    laboratories.push({
      companyKey: company.key,
      identifierName: seen === 1 ? baseName : `${baseName} ${seen}`,
      addressLine1: `${faker.helpers.arrayElement(STREETS)} ${faker.number.int({ min: 10, max: 3999 })}`,
      comunaCode: comuna.code,
      // A few hundred metres around the comuna's point, so branches do not stack on one pin.
      lat: comuna.lat === null ? null : round6(comuna.lat + faker.number.float({ min: -0.01, max: 0.01 })),
      lng: comuna.lng === null ? null : round6(comuna.lng + faker.number.float({ min: -0.01, max: 0.01 })),
      phone: `+56 9 ${faker.string.numeric(4)} ${faker.string.numeric(4)}`,
      email: `sucursal${i + 1}@${company.email.split('@')[1]}`,
      fonasaLevel: takesFonasa ? (fonasaLevel ?? priceLevel(fonasaLevel)) : null,
      openingHours: [
        ...[1, 2, 3, 4, 5].map((day) => ({ day, opens, closes })),
        ...(opensSaturday ? [{ day: 6, opens: '08:00', closes: '13:00' }] : []),
      ],
      exams,
      insurerCodes,
      attributes,
    });
  }
  return { companies, laboratories };
}

/** Comunas weighted by their region's population and, within it, by how urban they look (many near neighbours). */
function comunaPicker(reference: ReferenceData, faker: FakerModule.Faker) {
  const neighbours = new Map<string, number>();
  for (const pair of reference.adjacency) if (pair.km <= 15) neighbours.set(pair.code, (neighbours.get(pair.code) ?? 0) + 1);
  const byRegion = new Map<string, typeof reference.comunas>();
  for (const comuna of reference.comunas) byRegion.set(comuna.regionCode, [...(byRegion.get(comuna.regionCode) ?? []), comuna]);
  const weighted = reference.comunas.map((comuna) => {
    const peers = byRegion.get(comuna.regionCode)!;
    const urbanity = (c: (typeof peers)[number]) => (1 + (neighbours.get(c.code) ?? 0)) ** 2 * (c.code.endsWith('101') ? 4 : 1);
    const share = urbanity(comuna) / peers.reduce((sum, c) => sum + urbanity(c), 0);
    return { weight: (REGION_POPULATION_K[comuna.regionCode] ?? 100) * share, value: comuna };
  });
  return () => faker.helpers.weightedArrayElement(weighted);
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The FONASA level whose arancel a branch's private prices gravitate to; outside the MLE, the middle one. */
export const priceLevel = (fonasaLevel: 1 | 2 | 3 | null) => fonasaLevel ?? 2;
