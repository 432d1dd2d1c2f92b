/**
 * The limits of one upload, answered before any row is imported. A module of its own: the upload's
 * interceptor needs them without loading the readers (exceljs), which only the reading thread loads.
 */
export const IMPORT_LIMITS = { maxBytes: 20 * 1024 * 1024, maxRows: 200_000 } as const;
