import type { ResourceScreens } from '../types';
import CompanyCreate from './CompanyCreate';
import CompanyEdit from './CompanyEdit';
import CompanyList from './CompanyList';
import CompanyShow from './CompanyShow';

/** /app/company: laboratory companies, their branches, and the administrators' approval. */
export default { list: CompanyList, create: CompanyCreate, edit: CompanyEdit, show: CompanyShow } satisfies ResourceScreens;
