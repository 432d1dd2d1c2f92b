import { Prisma } from '../../../generated/prisma/client';

/**
 * Which laboratories and prices can be quoted, written once for both search adapters (the PostgreSQL projection and
 * the Elasticsearch documents): an active branch of an approved company; an authorized, offered price of an active
 * exam. A branch left out is not quotable and leaves the index.
 */

/** `FROM ... WHERE` of the quotable laboratories among `ids`, as `l`, with the company `co` and the comuna `c`. */
export const quotableLaboratoriesAmong = (ids: number[]) => Prisma.sql`
    FROM laboratory l
    JOIN company co ON co.id = l.company_id AND co.status = 'APPROVED'
    JOIN location c ON c.id = l.comuna_id
    WHERE l.id = ANY(${ids}::int[]) AND l.is_active`;

/** Joins price `le` to its exam `e` when the exam is active; with `quotablePrice`, a price that can be quoted. */
export const activeExamOfPrice = Prisma.sql`JOIN exam e ON e.id = le.exam_id AND e.is_active`;
export const quotablePrice = Prisma.sql`le.status = 'AUTHORIZED' AND le.is_active`;

/** The comunas laboratory `l` serves as "near": its own and its neighbours. */
export const servedComunaIds = Prisma.sql`ARRAY[l.comuna_id] || ARRAY(SELECT n.location_id FROM near_location n WHERE n.near_location_id = l.comuna_id ORDER BY 1)`;

/** The active insurers laboratory `l` takes. */
export const acceptedInsurerIds = Prisma.sql`ARRAY(SELECT li.insurer_id FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id WHERE li.laboratory_id = l.id AND i.is_active ORDER BY 1)`;

/** The active values of laboratory `l`'s attributes that the search filters by. */
export const filterValueIds = Prisma.sql`ARRAY(SELECT a.select_list_child_id FROM laboratory_attribute a
                 JOIN select_list_type t ON t.id = a.select_list_type_id
                 JOIN select_list_child ch ON ch.id = a.select_list_child_id
                 WHERE a.laboratory_id = l.id AND t.isfilter AND ch.is_active ORDER BY 1)`;
