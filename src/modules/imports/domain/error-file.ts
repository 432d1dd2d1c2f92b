import type { ImportRowError } from '../../../contracts/imports';

import { csvLine } from '../../../contracts/csv';

export { CSV_BOM, CSV_SEPARATOR, csvCell, csvLine } from '../../../contracts/csv';

export const ERROR_FILE_HEADER = csvLine(['fila', 'columna', 'valor', 'codigo', 'mensaje']);

export const errorLine = (error: ImportRowError) => csvLine([error.row, error.column, error.value, error.code, error.message]);
