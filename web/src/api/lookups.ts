import type { ExamDetail, ExamListItem, Insurer, LocationView, Page } from '@contracts';
import { api } from './client';
import { useApiQuery } from './hooks';

/** A region or a comuna, as the location pickers list them. */
export interface Place {
  id: number;
  name: string;
}

const REGIONS_PATH = '/api/locations';
const comunasPath = (regionId: number) => `/api/locations/children/${regionId}`;

/** Chile's regions, for a region picker. */
export const useRegions = () => useApiQuery<Place[]>('GET', REGIONS_PATH);

/** The comunas of a region (none asked while no region is chosen), for the comuna picker beside it. */
export const useComunas = (regionId: number | null | undefined) => useApiQuery<Place[]>('GET', regionId ? comunasPath(regionId) : null);

/** The reference data a saga reads: places, an exam, the insurers. */
export const lookupCalls = {
  /** The 16 regions, north to south. */
  regions: (): Promise<LocationView[]> => api.get(REGIONS_PATH),
  /** A region's comunas, in CUT order. */
  comunas: (regionId: number): Promise<LocationView[]> => api.get(comunasPath(regionId)),
  exam: (id: number): Promise<ExamDetail> => api.get(`/api/exam/${id}`),
  /** FONASA (its tramos name it as parent) and the Isapres, FONASA first. */
  insurers: (): Promise<Insurer[]> => api.get('/api/insurer'),
};

/** The catalogue's exams matching what a person typed (a name, a synonym, a FONASA code), best first. */
export async function searchExams(term: string, perPage: number): Promise<ExamListItem[]> {
  return (await api.post<Page<ExamListItem>>('/api/exam/search', { term: term.trim().slice(0, 100), perPage })).items;
}
