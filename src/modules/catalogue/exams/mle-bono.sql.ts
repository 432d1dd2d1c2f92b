import { Prisma } from '../../../generated/prisma/client';

/**
 * The FONASA bono of exam `e` at branch `l` (a `laboratory` row): the arancel and the copay of the
 * branch's MLE level (Modalidad de Libre Elección), or nulls when the branch is not in the MLE
 * (no level), does not take FONASA, or FONASA sets no value for the exam at that level. Both
 * search adapters project it with this same SQL.
 */
export function mleBonoColumns(l: string, e: string): { arancel: Prisma.Sql; copay: Prisma.Sql } {
  const lab = Prisma.raw(l);
  const exam = Prisma.raw(e);
  const atLevel = (column: 'price' | 'copay') =>
    Prisma.sql`CASE WHEN ${acceptsFonasaSql(l)} THEN CASE ${lab}.fonasa_level
      WHEN 1 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level1`)}
      WHEN 2 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level2`)}
      WHEN 3 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level3`)} END END`;
  return { arancel: atLevel('price'), copay: atLevel('copay') };
}

/** Whether branch `l` takes FONASA patients with a bono (FONASA or a tramo B–D among its insurers). */
function acceptsFonasaSql(l: string): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id
    WHERE li.laboratory_id = ${Prisma.raw(l)}.id AND i.type = 'public' AND i.code <> 'fonasa_a' AND i.is_active)`;
}

/**
 * Whether branch `l` takes the FONASA bono: the one rule for it (the quote's copay above, the cards,
 * the laboratory page). Both facts it rests on must hold: FONASA among its insurers and a level in
 * the MLE; a level without FONASA, or FONASA without a level, is no bono.
 */
export function takesFonasaBonoSql(l: string): Prisma.Sql {
  return Prisma.sql`(${Prisma.raw(l)}.fonasa_level IS NOT NULL AND ${acceptsFonasaSql(l)})`;
}
