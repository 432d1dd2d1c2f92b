import type { ResourceScreens } from '../types';
import { UserEditScreen, UserListScreen, UserShowScreen } from './screens';
import UserCreate from './UserCreate';

/** /app/users: persons of every profile (ADM) or of the provider's own company (PRV); invitations. */
export default { list: UserListScreen, create: UserCreate, edit: UserEditScreen, show: UserShowScreen } satisfies ResourceScreens;
