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
  const acceptsFonasa = Prisma.sql`EXISTS (SELECT 1 FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id
    WHERE li.laboratory_id = ${lab}.id AND i.type = 'public' AND i.code <> 'fonasa_a' AND i.is_active)`;
  const atLevel = (column: 'price' | 'copay') =>
    Prisma.sql`CASE WHEN ${acceptsFonasa} THEN CASE ${lab}.fonasa_level
      WHEN 1 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level1`)}
      WHEN 2 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level2`)}
      WHEN 3 THEN ${exam}.${Prisma.raw(`fonasa_${column}_level3`)} END END`;
  return { arancel: atLevel('price'), copay: atLevel('copay') };
}
