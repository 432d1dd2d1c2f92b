import type { ResourceScreens } from '../types';
import MyCompanyEdit from './MyCompanyEdit';
import MyCompanyShow from './MyCompanyShow';

/** /app/my-company and /app/my-company/edit: a provider's own company. */
export default { list: MyCompanyShow, editOwn: MyCompanyEdit } satisfies ResourceScreens;
