/**
 * Bulk imports (issue 11): branches, branch prices and the FONASA catalogue from a CSV or XLSX file.
 *
 * Routes (every answer in the usual envelope unless it is a file):
 * - `POST /api/laboratory-import`       (ADM, PRV) branches of a company          multipart, see ImportUploadFields
 * - `POST /api/laboratory-exam-import`  (ADM, PRV) prices of branches            multipart, see ImportUploadFields
 * - `POST /api/exam-import`             (ADM)      the FONASA catalogue           multipart, see ImportUploadFields
 *     Each one validates every row first (a dry run) and answers `ImportDryRun`. With `confirm=true` the
 *     same call also queues the import (scripts) when it can run (`canConfirm`; with "todo o nada" and errors it is
 *     recorded as REJECTED); otherwise the screen calls `POST /api/imports/{id}/confirm`.
 *     A file the server cannot read at all (empty, too large, too many rows, wrong headers, unreadable
 *     encoding, not CSV/XLSX) answers 400/413 with a Spanish `message` and an `IMPORT.*` error key, and
 *     leaves nothing behind.
 * - `POST /api/imports/{id}/confirm`    (ADM, PRV)  body `{ allOrNothing? }`: queues a VALIDATED import -> ImportJob
 * - `GET  /api/imports/{id}`            (ADM, PRV)  the import with its progress (poll it) -> ImportJob
 * - `POST /api/imports/{id}/rows/search` (ADM, PRV) body `ImportRowsRequest`: the dry run's row statuses, paged
 * - `GET  /api/imports/{id}/errors.csv` (ADM, PRV)  the error file (UTF-8 with BOM; `;` separated; see ImportRowError)
 * - `GET  /api/imports/{id}/file`       (ADM, PRV)  the original file as uploaded
 * - `POST /api/imports/search`          (ADM, PRV)  body `ImportSearchRequest`: the import history -> Page<ImportJob>
 * - `GET  /api/imports/templates/{kind}.csv` and `.xlsx` (ADM, PRV; `exam` ADM only): an empty file with the
 *     headers and one example row.
 * - `GET  /api/laboratory-exam-export` (ADM, PRV) query `PriceListExportRequest`: a company's current prices as
 *     the price template's file (see PriceListExportRequest), to edit and import back.
 * Providers see and create only their own company's imports (another company's import answers 404).
 */
import type { Page, PageRequest } from './envelope';

/**
 * `GET /api/laboratory-exam-export?format=&laboratoryId=&companyId=` ("Descargar mi lista de precios", issue 27): the
 * company's current prices (offered, authorized or pending, of exams in the catalogue) in the price import's
 * template: its columns and format (CSV: `;`, UTF-8 with BOM; XLSX: sheet "Datos"), one row per branch and exam with
 * the branch's code, ordered by branch code and FONASA code, named `lista-de-precios-{empresa}[-{sucursal}]-{yyyy-mm-dd}`.
 * Imported back untouched, every row is unchanged. Every open branch, or the one `laboratoryId` names (404
 * `LABORATORY.NOT_FOUND` when it is not the caller's). A provider's own company is implied (another `companyId`
 * answers 404 `COMPANY.NOT_FOUND`); an administrator names `companyId` (or a branch).
 */
export interface PriceListExportRequest {
  /** Default `csv`. */
  format?: 'csv' | 'xlsx';
  laboratoryId?: number;
  companyId?: number;
}

/** What is imported; also the name of the upload route (`/api/{kind}-import`) and of its template. */
export type ImportKind = 'laboratory' | 'laboratory-exam' | 'exam';

/**
 * Multipart fields of an upload (besides `file`). Booleans travel as 'true'/'false'.
 * - `confirm`: also queue the import right after a dry run (only when it can run: see `ImportDryRun.canConfirm`);
 * - `allOrNothing` ("todo o nada"): when any row has an error, nothing is imported;
 * - `sheet`: the XLSX sheet to read (default: the first one);
 * - `companyId`: an administrator's target company (`laboratory` and `laboratory-exam` kinds); a provider's
 *   own company is implied and any other value answers 404.
 */
export interface ImportUploadFields {
  confirm?: boolean;
  allOrNothing?: boolean;
  sheet?: string;
  companyId?: number;
}

/**
 * The life of an import:
 * VALIDATED (dry run done, waiting for the person) -> QUEUED -> RUNNING -> COMPLETED | FAILED;
 * REJECTED: "todo o nada" and some row had an error, so nothing was imported.
 * A dry run nobody confirms stays VALIDATED (it shows in the history as not imported).
 */
export type ImportStatus = 'VALIDATED' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

/** What a row will do (dry run) or did (import). */
export type ImportRowStatus = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'ERROR';

/** Stable codes of row errors (the error file's `codigo` column). */
export type ImportErrorCode =
  | 'REQUIRED'
  | 'INVALID_NUMBER'
  | 'NEGATIVE_PRICE'
  | 'INVALID_VALUE'
  | 'TOO_LONG'
  | 'DUPLICATE_ROW'
  | 'UNKNOWN_EXAM'
  | 'UNKNOWN_BRANCH'
  | 'UNKNOWN_COMUNA'
  | 'UNKNOWN_INSURER'
  | 'UNKNOWN_EXAM_TYPE'
  | 'EXAM_RETIRED'
  /** FONASA among a branch's previsiones without its MLE level (nivel_fonasa): the branch form's rule. */
  | 'FONASA_WITHOUT_LEVEL';

/** One problem of one row. `row` is the line in the file (the header is row 1, the first data row 2). */
export interface ImportRowError {
  row: number;
  /** The column's header as the template names it (`precio`); null for a row-wide error. */
  column: string | null;
  /** The value received, as text; null when the cell was empty. */
  value: string | null;
  code: ImportErrorCode;
  /** For people, in Spanish: `El precio no puede ser negativo.` */
  message: string;
}

/**
 * Why the review flags a price row (issue 27), so that a mistake is caught before it is public:
 * - `FAR_FROM_MARKET`: 3 times the median of the region's authorized prices for that exam, or a third of it or less;
 * - `BELOW_BONO_COPAY`: below what a FONASA patient pays with the bono at that branch's MLE level;
 * - `LARGE_CHANGE`: the branch's price moves more than 50 % up or down.
 */
export type ImportPriceFlag = 'FAR_FROM_MARKET' | 'BELOW_BONO_COPAY' | 'LARGE_CHANGE';

/** One row of the dry run's preview. */
export interface ImportPreviewRow {
  row: number;
  status: ImportRowStatus;
  /** How the row is named to people: `SUC-01 · 0301045 Hemograma`, `Sucursal Centro`, `0301045`. */
  label: string;
  /** A price row's price (whole pesos): the one it sets, beside the branch's current one (null for a new price). */
  price?: { previous: number | null; next: number };
  /** What a price row was checked against, and what the check found. */
  review?: {
    /** FONASA's arancel for the exam: at the branch's MLE level when it takes the bono, else level 1; null without one. */
    fonasaArancel: number | null;
    /** The median of the authorized prices for the exam in the branch's region (confirmed in the last 6 months). */
    regionMedian: number | null;
    flags: ImportPriceFlag[];
  };
  /** The price moves more than 50% up or down: shown so a typo (an extra zero) is caught before it is published. */
  largePriceChange: boolean;
  /** Left out by the person when confirming: not imported. */
  excluded: boolean;
  errors: ImportRowError[];
}

/** The dry run's counts. `rows` = toCreate + toUpdate + unchanged + withErrors. */
export interface ImportSummary {
  rows: number;
  toCreate: number;
  toUpdate: number;
  unchanged: number;
  withErrors: number;
  /** Rows whose price moves more than 50%. */
  largePriceChanges: number;
  /** Price rows with any flag of the review (ImportPriceFlag). */
  flagged: number;
}

/** What the import did, once it ran. */
export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows left out because of an error (all of them when REJECTED). */
  failed: number;
  /** Rows the person left out when confirming. */
  excluded: number;
  /** Prices it created or changed that now wait for an administrator's authorization (`/app/authorized-examinations?status=PENDING`). */
  pendingAuthorization: number;
}

/** An import as the history and the progress poll show it. */
export interface ImportJob {
  id: number;
  kind: ImportKind;
  status: ImportStatus;
  /** The company whose data it imports; null for the FONASA catalogue. */
  company: { id: number; tradeName: string } | null;
  fileName: string;
  fileSize: number;
  format: 'CSV' | 'XLSX';
  /** The XLSX sheet that was read; null for CSV. */
  sheet: string | null;
  allOrNothing: boolean;
  createdBy: { id: number; name: string };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  summary: ImportSummary;
  /** Rows processed so far out of all rows (the progress bar); done = total once finished. */
  progress: { done: number; total: number };
  result: ImportResult | null;
  /** Why a FAILED import stopped, in Spanish; null otherwise. */
  failureMessage: string | null;
  /** `/api/imports/{id}/errors.csv` when some row has an error; null otherwise. */
  errorFileUrl: string | null;
  /** `/api/imports/{id}/file`. */
  fileUrl: string;
}

/** The answer of an upload: the dry run (and, with `confirm=true`, the job it queued). */
export interface ImportDryRun {
  import: ImportJob;
  /** The first rows of the file (up to 200) with their status; the rest through `/rows/search`. */
  preview: ImportPreviewRow[];
  /** False when nothing would be imported: no valid row, or "todo o nada" with errors. */
  canConfirm: boolean;
}

/** `POST /api/imports/{id}/rows/search`: the dry run's rows, optionally only one status or the large price changes. */
export interface ImportRowsRequest extends PageRequest {
  status?: ImportRowStatus;
  largePriceChange?: boolean;
  /** Only the price rows the review flagged. */
  flagged?: boolean;
}

/** `POST /api/imports/search`: the history, newest first. An administrator may filter by company. */
export interface ImportSearchRequest extends PageRequest {
  kind?: ImportKind;
  companyId?: number;
  status?: ImportStatus;
}

export type ImportHistory = Page<ImportJob>;

/** `POST /api/imports/{id}/confirm` body. */
export interface ImportConfirmRequest {
  allOrNothing?: boolean;
  /** Rows (file line numbers) to leave out: rows that create or update, at most IMPORT_MAX_EXCLUDED. */
  excludeRows?: number[];
}

/** Rows a confirmation may leave out; beyond that, the file is better corrected. */
export const IMPORT_MAX_EXCLUDED = 10_000;
