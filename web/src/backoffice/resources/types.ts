import type { ComponentType } from 'react';
import type { ProfileCode } from '@contracts';

/** The screens of a resource folder (react-admin's List, Create, Edit and Show), exported by its index. */
export interface ResourceScreens {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType<{ id: number }>;
  show?: ComponentType<{ id: number }>;
  /** The edit screen of a resource that is the caller's own record (/app/my-company/edit): no id in the address. */
  editOwn?: ComponentType;
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
  /** The resource is the caller's own record (my-company): `/edit` without an id opens its `editOwn` screen. */
  ownRecord?: boolean;
  /** The resource's folder, loaded on first visit; absent while its screens are still to be built. */
  screens?: () => Promise<{ default: ResourceScreens }>;
}
