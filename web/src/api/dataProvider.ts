import type {
  ExamDetail, ExamInput, ExamListItem, ExamSearchRequest, ExamType, Page, PageRequest, Removed,
  SelectListChildDetail, SelectListChildInput, SelectListFlag, SelectListFlagInput, SelectListType, SelectListTypeInput, SelectListTypeSearchRequest,
} from '@contracts';
import { api } from './client';

/** What each resource reads and writes on the wire: the data provider is typed by it. */
export interface ResourceTypes {
  exams: { list: ExamListItem; one: ExamDetail; input: ExamInput; filter: ExamSearchRequest };
  'exam-types': { list: ExamType; one: ExamType; input: never; filter: PageRequest };
  'select-lists': { list: SelectListType; one: SelectListType; input: SelectListTypeInput; filter: SelectListTypeSearchRequest };
  'select-list-children': { list: SelectListChildDetail; one: SelectListChildDetail; input: SelectListChildInput; filter: PageRequest };
}
export type ResourceName = keyof ResourceTypes;
export type ListOf<R extends ResourceName> = ResourceTypes[R]['list'];
export type OneOf<R extends ResourceName> = ResourceTypes[R]['one'];
export type InputOf<R extends ResourceName> = ResourceTypes[R]['input'];
export type FilterOf<R extends ResourceName> = ResourceTypes[R]['filter'];

/** The API prefix of each resource (spec §7): `/api/<path>/search`, `/api/<path>/{id}`... */
const PATHS: Record<ResourceName, string> = {
  exams: 'exam',
  'exam-types': 'exam-type',
  'select-lists': 'select-list-type',
  'select-list-children': 'select-list',
};

/** Named actions beyond CRUD, each a `POST /api/<path>/<action>/{id}` with its body type. */
export interface CustomActions {
  'select-lists': { [F in SelectListFlag as `update-${F}`]: { body: SelectListFlagInput; answer: SelectListType } };
}

const url = (resource: ResourceName, ...parts: (string | number)[]) => ['/api', PATHS[resource], ...parts].join('/');

/**
 * All back-office data access, react-admin's shape over the spec's calls: a list is
 * `POST .../search`, an update `POST .../{id}`, a delete `DELETE .../{id}`.
 */
export const dataProvider = {
  getList<R extends ResourceName>(resource: R, params: FilterOf<R>): Promise<Page<ListOf<R>>> {
    return api.post(url(resource, 'search'), params);
  },
  /** A short reference list read whole (`GET /api/<path>`): exam types, public select lists. */
  getAll<R extends ResourceName>(resource: R): Promise<ListOf<R>[]> {
    return api.get(url(resource));
  },
  getOne<R extends ResourceName>(resource: R, id: number): Promise<OneOf<R>> {
    return api.get(url(resource, id));
  },
  create<R extends ResourceName>(resource: R, data: InputOf<R>): Promise<OneOf<R>> {
    return api.post(url(resource), data);
  },
  update<R extends ResourceName>(resource: R, id: number, data: Partial<InputOf<R>>): Promise<OneOf<R>> {
    return api.post(url(resource, id), data);
  },
  delete<R extends ResourceName>(resource: R, id: number): Promise<Removed> {
    return api.delete(url(resource, id));
  },
  custom<R extends keyof CustomActions, A extends keyof CustomActions[R] & string>(
    resource: R,
    action: A,
    id: number,
    body: CustomActions[R][A] extends { body: infer B } ? B : never,
  ): Promise<CustomActions[R][A] extends { answer: infer T } ? T : never> {
    return api.post(url(resource, action, id), body);
  },
};
export type DataProvider = typeof dataProvider;
