/**
 * `GET /api/locations` (the 16 regions, north to south) and `GET /api/locations/children/{regionId}` (a region's
 * comunas, in CUT order).
 */
export interface LocationView {
  id: number;
  /** CUT code: 2 digits for a region, 5 for a comuna. */
  code: string;
  name: string;
  kind: 'REGION' | 'COMUNA';
  /** A comuna's region; null for a region. */
  parentId: number | null;
  abbreviation: string | null;
  romanNumeral: string | null;
  provinceName: string | null;
  lat: number | null;
  lng: number | null;
}
