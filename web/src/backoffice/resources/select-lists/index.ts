import type { ResourceScreens } from '../types';
import SelectListCreate from './SelectListCreate';
import SelectListEdit from './SelectListEdit';
import SelectListList from './SelectListList';
import SelectListShow from './SelectListShow';

/** /app/maintainers/select-lists: laboratory attribute lists, their values, and where each shows. */
export default { list: SelectListList, create: SelectListCreate, edit: SelectListEdit, show: SelectListShow } satisfies ResourceScreens;
