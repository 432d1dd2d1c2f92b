import type { Prisma } from '../../generated/prisma/client';

/** A near-location pair as its list and its commands answer it. */
export const NEAR_LOCATION_SELECT = {
  id: true, distanceKm: true, source: true, createdAt: true,
  location: { select: { id: true, name: true } },
  nearLocation: { select: { id: true, name: true } },
} as const satisfies Prisma.NearLocationSelect;

export type NearLocationView = Prisma.NearLocationGetPayload<{ select: typeof NEAR_LOCATION_SELECT }>;

/** What `POST /api/location-near` and `POST /api/location-near/{id}` carry. */
export interface NearLocationInput {
  locationId: number;
  nearLocationId: number;
  distanceKm?: number | null;
}
