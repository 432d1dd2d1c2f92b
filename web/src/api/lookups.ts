import type { ExamListItem, Page } from '@contracts';
import { api } from './client';
import { useApiQuery } from './hooks';

/** A region or a comuna, as the location pickers list them. */
export interface Place {
  id: number;
  name: string;
}

/** Chile's regions, for a region picker. */
export const useRegions = () => useApiQuery<Place[]>('GET', '/api/locations');

/** The comunas of a region (none asked while no region is chosen), for the comuna picker beside it. */
export const useComunas = (regionId: number | null | undefined) => useApiQuery<Place[]>('GET', regionId ? `/api/locations/children/${regionId}` : null);

/** The catalogue's exams matching what a person typed (a name, a synonym, a FONASA code), best first. */
export async function searchExams(term: string, perPage: number): Promise<ExamListItem[]> {
  return (await api.post<Page<ExamListItem>>('/api/exam/search', { term: term.trim().slice(0, 100), perPage })).items;
}
