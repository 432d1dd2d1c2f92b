import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { mleBonoColumns } from '../../catalogue/exams';
import { sampleFeeColumns } from '../../catalogue/laboratories';
import { acceptedInsurerIds, activeExamOfPrice, filterValueIds, quotableLaboratoriesAmong, quotablePrice, servedComunaIds } from './quotable';

/** A laboratory as the Elasticsearch index holds it (search-mappings/laboratories.json). */
export interface LaboratoryDocument {
  laboratoryId: number;
  identifierName: string;
  companyId: number;
  comunaId: number;
  regionId: number;
  servedComunaIds: number[];
  insurerIds: number[];
  filterValueIds: number[];
  addressLine1: string;
  location: { lat: number; lon: number } | null;
  lat: number | null;
  lng: number | null;
  fonasaLevel: number | null;
  /** The sample-taking fees (null: not charged) and the MLE level of a FONASA bono for them (issue 30). */
  sampleFees: { VENOUS: number | null; CAPILLARY: number | null; PEDIATRIC: number | null };
  bonoLevel: number | null;
  exams: {
    examId: number;
    code: string;
    typeExamId: number;
    name: string;
    price: number;
    /** The FONASA bono at the branch's MLE level (see mle-bono.sql.ts), or nulls. */
    mleArancel: number | null;
    mleCopay: number | null;
    /** What a FONASA (MLE) patient pays for it (quote-rules.ts), kept to order by copay. */
    fonasaCopay: number;
  }[];
}

/**
 * Reads the documents of these laboratories from the write model, with the PostgreSQL projection's rules
 * (quotable.ts). Laboratories left out are not quotable and must leave the index.
 */
export async function readLaboratoryDocuments(db: PrismaService | Tx, laboratoryIds: number[]): Promise<LaboratoryDocument[]> {
  if (laboratoryIds.length === 0) return [];
  const bono = mleBonoColumns('l', 'e');
  const fees = sampleFeeColumns('l');
  return db.$queryRaw<LaboratoryDocument[]>`
    SELECT l.id AS "laboratoryId", l.identifier_name AS "identifierName", l.company_id AS "companyId", l.comuna_id AS "comunaId",
           c.parent_id AS "regionId",
           ${servedComunaIds} AS "servedComunaIds", ${acceptedInsurerIds} AS "insurerIds", ${filterValueIds} AS "filterValueIds",
           l.address_line1 AS "addressLine1",
           -- The branch's place, or its comuna's: distances and "Más cercano" need one.
           CASE WHEN l.lat IS NOT NULL AND l.lng IS NOT NULL THEN json_build_object('lat', l.lat, 'lon', l.lng)
                WHEN c.lat IS NOT NULL AND c.lng IS NOT NULL THEN json_build_object('lat', c.lat, 'lon', c.lng) END AS location,
           l.lat, l.lng, l.fonasa_level AS "fonasaLevel",
           json_build_object('VENOUS', ${fees.venous}, 'CAPILLARY', ${fees.capillary}, 'PEDIATRIC', ${fees.pediatric}) AS "sampleFees", ${fees.bonoLevel} AS "bonoLevel",
           coalesce((
             SELECT json_agg(json_build_object('examId', x.exam_id, 'code', x.code, 'typeExamId', x.type_exam_id, 'name', x.name, 'price', x.price,
                                               'mleArancel', x.arancel, 'mleCopay', x.copay,
                                               'fonasaCopay', CASE WHEN x.copay <= x.price THEN x.copay ELSE x.price END) ORDER BY x.exam_id)
             FROM (SELECT le.exam_id, e.code, e.type_exam_id, e.name, le.price, ${bono.arancel} AS arancel, ${bono.copay} AS copay
                   FROM laboratory_exam le ${activeExamOfPrice}
                   WHERE le.laboratory_id = l.id AND ${quotablePrice}) x), '[]') AS exams
    ${quotableLaboratoriesAmong(laboratoryIds)}
    ORDER BY l.id`;
}
