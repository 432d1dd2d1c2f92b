import type { ResourceScreens } from '../types';
import ExamCreate from './ExamCreate';
import ExamEdit from './ExamEdit';
import ExamList from './ExamList';
import ExamShow from './ExamShow';

/** /app/exams: the FONASA catalogue that every quote prices. */
export default { list: ExamList, create: ExamCreate, edit: ExamEdit, show: ExamShow } satisfies ResourceScreens;
