import type { ResourceScreens } from '../types';
import VisibilityCreate from './VisibilityCreate';
import VisibilityEdit from './VisibilityEdit';
import VisibilityList from './VisibilityList';
import VisibilityShow from './VisibilityShow';

/** /app/maintainers/visibility: person visibility grants (which branches a provider user may see and manage). */
export default { list: VisibilityList, create: VisibilityCreate, edit: VisibilityEdit, show: VisibilityShow } satisfies ResourceScreens;
