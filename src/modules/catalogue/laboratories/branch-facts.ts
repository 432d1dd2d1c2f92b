import { Prisma } from '../../../generated/prisma/client';
import type { OpeningHours, VisitFeeInput } from '../../../contracts/laboratories';
import type { BranchFacts } from '../../../contracts/search';
import { takesFonasaBonoSql } from '../exams';
import { HOME_COLLECTION_CODE, toHomeCollection } from './home-collection/home-collection';
import { toVisitFee } from './visit-fees/visit-fees';

/** The select-list value of the walk-in service ("Atención sin hora agendada"), as the seed and the back office name it. */
const WALK_IN_CODE = 'SIN_HORA';

/**
 * What a search card states about branch `l` (a `laboratory` row), as one JSON value: its hours,
 * walk-in, home collection (where it reaches, each comuna's fee) and whether it takes the FONASA
 * bono. One SQL expression so that a search reads it in the statement that finds the branches
 * (PostgreSQL adapter) or in one read for the page (Elasticsearch adapter): `toBranchFacts` maps it.
 */
export function branchFactsSql(l: string): Prisma.Sql {
  const lab = Prisma.raw(l);
  const service = (code: string) =>
    Prisma.sql`EXISTS (SELECT 1 FROM laboratory_attribute a JOIN select_list_child c ON c.id = a.select_list_child_id AND c.is_active
                       WHERE a.laboratory_id = ${lab}.id AND c.code = ${code})`;
  return Prisma.sql`json_build_object(
    'openingHours', ${lab}.opening_hours,
    'walkIn', ${service(WALK_IN_CODE)},
    'homeCollection', ${service(HOME_COLLECTION_CODE)},
    'takesFonasaBono', ${takesFonasaBonoSql(l)},
    'homeComunas', (SELECT json_agg(json_build_object('id', h.comuna_id, 'name', c.name, 'fee', h.fee))
                    FROM laboratory_home_comuna h JOIN location c ON c.id = h.comuna_id WHERE h.laboratory_id = ${lab}.id),
    'fees', (SELECT json_agg(json_build_object('kind', f.kind, 'amount', f.amount, 'startsAt', f.starts_at, 'endsAt', f.ends_at) ORDER BY f.kind)
             FROM laboratory_fee f WHERE f.laboratory_id = ${lab}.id))`;
}

/** The JSON of `branchFactsSql`. */
export interface BranchFactsRow {
  openingHours: OpeningHours[];
  walkIn: boolean;
  homeCollection: boolean;
  takesFonasaBono: boolean;
  homeComunas: { id: number; name: string; fee: number }[] | null;
  fees: VisitFeeInput[] | null;
}

/** The card's facts; the branch's own comuna first among those it reaches: "A domicilio en Maipú, Cerrillos…". */
export function toBranchFacts(row: BranchFactsRow, ownComunaId: number): BranchFacts {
  const area = row.homeComunas?.length ? toHomeCollection(row.homeComunas) : null;
  area?.comunas.sort((a, b) => Number(b.id === ownComunaId) - Number(a.id === ownComunaId));
  return { openingHours: row.openingHours, walkIn: row.walkIn, homeCollection: row.homeCollection, homeCollectionArea: area, takesFonasaBono: row.takesFonasaBono, fees: (row.fees ?? []).map(toVisitFee) };
}
