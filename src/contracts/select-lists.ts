import type { Ordering, PageRequest } from './envelope';

/**
 * Select lists: the types of laboratory attributes (Servicios, Medios de pago...) and their values.
 * `isvisible` shows a type in the back-office forms, `ispublic` on the laboratory page, `isfilter`
 * as a facet of /buscador.
 */
export type SelectListFlag = 'isvisible' | 'ispublic' | 'isfilter';

export interface SelectListChild {
  id: number;
  code: string;
  name: string;
  sortOrder: number;
  isActive: boolean;
}

export interface SelectListType {
  id: number;
  code: string;
  name: string;
  sortOrder: number;
  isvisible: boolean;
  ispublic: boolean;
  isfilter: boolean;
  children: SelectListChild[];
}

/** `POST /api/select-list-type/search`. */
export interface SelectListTypeSearchRequest extends PageRequest, Ordering<'name' | 'code' | 'sortOrder'> {
  name?: string;
}

/** `POST /api/select-list-type` (create: code and name required) and `POST /api/select-list-type/{id}`. */
export interface SelectListTypeInput {
  code: string;
  name: string;
  sortOrder?: number;
  isvisible?: boolean;
  ispublic?: boolean;
  isfilter?: boolean;
}

/** `POST /api/select-list-type/update-<flag>/{id}`. */
export interface SelectListFlagInput {
  value: boolean;
}

/** `POST /api/select-list` (create: typeId, code and name required) and `POST /api/select-list/{id}`. */
export interface SelectListChildInput {
  typeId: number;
  code: string;
  name: string;
  sortOrder?: number;
  isActive?: boolean;
}

/** `GET /api/select-list/{id}`. */
export interface SelectListChildDetail extends SelectListChild {
  type: { id: number; code: string; name: string };
}
