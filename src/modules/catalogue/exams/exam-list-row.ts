import type { ExamListItem } from '../../../contracts/exams';
import { Prisma } from '../../../generated/prisma/client';

/** The columns of an exam as the lists read it in SQL (`e` the exam, `ty` its type). */
export const EXAM_LIST_COLUMNS = Prisma.sql`e.id, e.code, e.code_dotted, e.name, e.is_active, ty.id AS type_id, ty.name AS type_name, e.fonasa_year,
  e.fonasa_price_level1, e.fonasa_price_level2, e.fonasa_price_level3, e.fonasa_copay_level1, e.fonasa_copay_level2, e.fonasa_copay_level3`;

/** A row of `EXAM_LIST_COLUMNS`. */
export interface ExamListRow {
  id: number;
  code: string;
  code_dotted: string;
  name: string;
  is_active: boolean;
  type_id: number;
  type_name: string;
  fonasa_year: number | null;
  fonasa_price_level1: number | null;
  fonasa_price_level2: number | null;
  fonasa_price_level3: number | null;
  fonasa_copay_level1: number | null;
  fonasa_copay_level2: number | null;
  fonasa_copay_level3: number | null;
}

/** An exam of a list as the API answers it (what matched a look-up is the caller's to add). */
export function toExamListItem(row: ExamListRow): Omit<ExamListItem, 'matched'> {
  return {
    id: row.id,
    code: row.code,
    codeDotted: row.code_dotted,
    name: row.name,
    isActive: row.is_active,
    typeExam: { id: row.type_id, name: row.type_name },
    fonasa: {
      year: row.fonasa_year,
      prices: [row.fonasa_price_level1, row.fonasa_price_level2, row.fonasa_price_level3],
      copays: [row.fonasa_copay_level1, row.fonasa_copay_level2, row.fonasa_copay_level3],
    },
  };
}
