import type { ResourceScreens } from '../types';
import { AdministratorEditScreen, AdministratorListScreen, AdministratorShowScreen } from '../users/screens';
import AdministratorCreate from './AdministratorCreate';

/** /app/maintainers/administrators: the ADM persons, the same screens as /app/users plus their own creation. */
export default { list: AdministratorListScreen, create: AdministratorCreate, edit: AdministratorEditScreen, show: AdministratorShowScreen } satisfies ResourceScreens;
