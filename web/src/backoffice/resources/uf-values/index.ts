import type { ResourceScreens } from '../types';
import { UfValueCreate, UfValueEdit } from './UfValueForm';
import UfValueList from './UfValueList';
import UfValueShow from './UfValueShow';

/** /app/maintainers/uf-values: the UF's value by day, so that an Isapre cap in UF is quoted in pesos (issue 30). */
export default { list: UfValueList, create: UfValueCreate, edit: UfValueEdit, show: UfValueShow } satisfies ResourceScreens;
