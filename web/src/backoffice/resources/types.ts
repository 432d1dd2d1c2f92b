import type { ComponentType } from 'react';
import type { ProfileCode } from '@contracts';

/** The screens of a resource folder (react-admin's List, Create, Edit and Show), exported by its index. */
export interface ResourceScreens {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType<{ id: number }>;
  show?: ComponentType<{ id: number }>;
}

export interface RegistryEntry {
  name: string;
  /** Under /app: the list, then `/new`, `/edit/{id}` and `/view/{id}`. */
  path: string;
  /** The menu's text, in Spanish. */
  label: string;
  /** A PrimeIcons class. */
  icon: string;
  group?: 'Mantenedores';
  /** Who sees the entry and may open its screens (spec §6: the admin menu requires ADM). */
  profiles: ProfileCode[];
  /** The resource's folder, loaded on first visit; absent while its screens are still to be built. */
  screens?: () => Promise<{ default: ResourceScreens }>;
}
