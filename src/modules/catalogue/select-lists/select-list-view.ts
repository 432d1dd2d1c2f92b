import type { SelectListChild, SelectListFlag } from '../../../contracts/select-lists';
import type { Prisma } from '../../../generated/prisma/client';
import type { ServerSide } from '../../../platform/http/envelope';

/** The flags of a type, each toggled by its own route (`update-isfilter`...). */
export const SELECT_LIST_FLAGS = ['isvisible', 'ispublic', 'isfilter'] as const satisfies readonly SelectListFlag[];

const CHILD_SELECT = { id: true, code: true, name: true, sortOrder: true, isActive: true } as const satisfies Prisma.SelectListChildSelect;
const CHILD_ORDER = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }];

/** A type with all its values, as the back office reads and the commands answer it. */
export const SELECT_LIST_TYPE_SELECT = {
  id: true, code: true, name: true, isvisible: true, ispublic: true, isfilter: true, sortOrder: true,
  children: { select: CHILD_SELECT, orderBy: CHILD_ORDER },
} as const satisfies Prisma.SelectListTypeSelect;

/** A type as visitors read it: only its active values. */
export const PUBLIC_SELECT_LIST_TYPE_SELECT = {
  ...SELECT_LIST_TYPE_SELECT,
  children: { select: CHILD_SELECT, orderBy: CHILD_ORDER, where: { isActive: true } },
} as const satisfies Prisma.SelectListTypeSelect;

/** Visitors only ever see the public and the filter types. */
export const PUBLIC_SELECT_LIST_TYPES = { OR: [{ ispublic: true }, { isfilter: true }] } satisfies Prisma.SelectListTypeWhereInput;

/** What a value's commands answer: the value and its list's id. */
export const SELECT_LIST_VALUE_SELECT = { ...CHILD_SELECT, typeId: true } as const satisfies Prisma.SelectListChildSelect;
export type SelectListValue = ServerSide<SelectListChild> & { typeId: number };

/** `GET /api/select-list/{id}`: a value and its list. */
export const SELECT_LIST_VALUE_DETAIL_SELECT = { ...CHILD_SELECT, type: { select: { id: true, code: true, name: true } } } as const satisfies Prisma.SelectListChildSelect;
