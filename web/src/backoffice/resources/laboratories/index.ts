import type { ResourceScreens } from '../types';
import LaboratoryCreate from './LaboratoryCreate';
import LaboratoryEdit from './LaboratoryEdit';
import LaboratoryList from './LaboratoryList';
import LaboratoryShow from './LaboratoryShow';

/** /app/laboratories: a company's branches, their data and their prices. */
export default { list: LaboratoryList, create: LaboratoryCreate, edit: LaboratoryEdit, show: LaboratoryShow } satisfies ResourceScreens;
