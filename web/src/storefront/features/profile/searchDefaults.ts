import type { Person } from '@contracts';
import { useProfile } from '../../../api/auth';
import { useAppSelector } from '../../../app/store';
import type { Coverage } from '../search/InsurerPicker';
import type { Place } from '../search/PlacePicker';

/** What the profile keeps to fill the search (issue 19): where the person is and their previsión. */
export interface SearchDefaults {
  place: Place;
  coverage: Coverage;
}

export function searchDefaultsOf(person: Pick<Person, 'comuna' | 'insurer' | 'coveragePercentage' | 'coverageCapUf'>): SearchDefaults | null {
  if (!person.comuna && !person.insurer) return null;
  return {
    place: { locationFk: person.comuna?.regionId ?? null, location: person.comuna?.id ?? null, nearLocations: false },
    coverage: { pensionHealtInstitutionId: person.insurer?.id ?? null, coveragePercentage: person.insurer ? person.coveragePercentage : null, coverageCapUf: person.insurer ? person.coverageCapUf : null },
  };
}

/** The signed-in person's search defaults, read from their profile; null for a visitor or an empty profile. */
export function useSearchDefaults(): SearchDefaults | null {
  const personId = useAppSelector((state) => state.auth.person?.id ?? null);
  const { data } = useProfile(personId);
  return data && data.id === personId ? searchDefaultsOf(data) : null;
}
