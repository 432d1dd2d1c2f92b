// The enum's own file, not @nestjs/common's index: these errors are thrown in the upload's reading thread too,
// where loading the whole of Nest would cost 8 MB of its heap.
import { HttpStatus } from '@nestjs/common/enums/http-status.enum';
import { AppError, NotFoundError } from '../../platform/http/app-error';

/** A file the server cannot read as a table at all (empty, not CSV/XLSX, unreadable text): nothing is kept. */
export class UnreadableFileError extends AppError {
  constructor(error: string, message: string) {
    super(HttpStatus.BAD_REQUEST, error, message, { file: [message] });
  }
}

export class MissingFileError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'IMPORT.FILE_REQUIRED', 'Adjunta el archivo (CSV o Excel) en el campo "file".', { file: ['Adjunta el archivo (CSV o Excel).'] });
  }
}

export class FileTooLargeError extends AppError {
  constructor() {
    super(HttpStatus.PAYLOAD_TOO_LARGE, 'IMPORT.FILE_TOO_LARGE', 'El archivo supera los 20 MB; divídelo en partes más pequeñas.', { file: ['El archivo supera los 20 MB.'] });
  }
}

export class TooManyRowsError extends AppError {
  constructor() {
    super(HttpStatus.PAYLOAD_TOO_LARGE, 'IMPORT.TOO_MANY_ROWS', 'El archivo tiene más de 200.000 filas; divídelo en partes más pequeñas.', { file: ['El archivo tiene más de 200.000 filas.'] });
  }
}

export class MissingColumnsError extends AppError {
  constructor(missing: string[], expected: string[]) {
    const message = `Faltan columnas en el archivo: ${missing.join(', ')}. Las columnas son: ${expected.join(', ')} (descarga la plantilla).`;
    super(HttpStatus.BAD_REQUEST, 'IMPORT.MISSING_COLUMNS', message, { file: [message] });
  }
}

export class UnknownSheetError extends AppError {
  constructor(sheet: string, sheets: string[]) {
    const message = `El libro no tiene una hoja llamada "${sheet}"${sheets.length ? `; sus hojas son: ${sheets.join(', ')}` : ''}.`;
    super(HttpStatus.BAD_REQUEST, 'IMPORT.UNKNOWN_SHEET', message, { sheet: [message] });
  }
}

export class NoRowsError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'IMPORT.EMPTY_FILE', 'El archivo no tiene filas bajo los encabezados.', { file: ['El archivo no tiene filas bajo los encabezados.'] });
  }
}

export class ImportNotFoundError extends NotFoundError {
  constructor() {
    super('IMPORT.NOT_FOUND', 'La importación no existe.');
  }
}

/** Confirming an import that is no longer waiting for confirmation (already queued, run or rejected). */
export class ImportNotPendingError extends AppError {
  constructor() {
    super(HttpStatus.CONFLICT, 'IMPORT.NOT_PENDING', 'Esta importación ya fue confirmada o terminó; revisa su estado en el historial.');
  }
}

/** Nothing in the file would be imported (every row has an error). */
export class NothingToImportError extends AppError {
  constructor() {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'IMPORT.NOTHING_TO_IMPORT', 'Ninguna fila del archivo se puede importar; revisa el archivo de errores.');
  }
}

/** Every slot for checking files is taken (across companies, or this company's): try again in a moment. */
export class ImportsBusyError extends AppError {
  constructor(ownCompany: boolean) {
    super(
      HttpStatus.SERVICE_UNAVAILABLE,
      'IMPORT.BUSY',
      ownCompany ? 'Ya estamos revisando otro archivo de tu empresa. Espera a que termine y vuelve a subir este.' : 'Estamos revisando muchos archivos en este momento. Intenta de nuevo en unos minutos.',
    );
  }
}
