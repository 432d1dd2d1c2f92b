import type { SelectListChild, SelectListChildInput, SelectListFlag, SelectListType, SelectListTypeInput } from '@contracts';

/** What each flag does, as the list's column and the form's switch say it. */
export const FLAGS: { flag: SelectListFlag; column: string; label: string }[] = [
  { flag: 'isvisible', column: 'Visible', label: 'Visible en los formularios del back office' },
  { flag: 'ispublic', column: 'Pública', label: 'Pública en la página del laboratorio' },
  { flag: 'isfilter', column: 'Filtro', label: 'Filtro del buscador' },
];

// Codes are the lists' stable keys (SERVICIOS, TOMA_DOMICILIO): written as the API wants them.
const code = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '_');

export type TypeValues = SelectListTypeInput & { sortOrder: number | null };
export const emptyType: TypeValues = { code: '', name: '', sortOrder: 0, isvisible: true, ispublic: true, isfilter: false };
export const typeValues = ({ code, name, sortOrder, isvisible, ispublic, isfilter }: SelectListType): TypeValues => ({ code, name, sortOrder, isvisible, ispublic, isfilter });
export const typeInput = (v: TypeValues): SelectListTypeInput => ({ ...v, code: code(v.code), sortOrder: v.sortOrder ?? 0 });

export type ChildValues = Omit<SelectListChildInput, 'typeId'> & { sortOrder: number | null };
export const emptyChild: ChildValues = { code: '', name: '', sortOrder: 0, isActive: true };
export const childValues = ({ code, name, sortOrder, isActive }: SelectListChild): ChildValues => ({ code, name, sortOrder, isActive });
export const childInput = (typeId: number) => (v: ChildValues): SelectListChildInput => ({ ...v, typeId, code: code(v.code), sortOrder: v.sortOrder ?? 0 });
