import type { ResourceScreens } from '../types';
import AuthorizedExaminationList from './AuthorizedExaminationList';
import AuthorizedExaminationShow from './AuthorizedExaminationShow';

/** /app/authorized-examinations: the queue of prices waiting for an administrator's decision. */
export default { list: AuthorizedExaminationList, show: AuthorizedExaminationShow } satisfies ResourceScreens;
