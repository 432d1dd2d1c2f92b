import type { ImportKind, ImportPriceFlag, ImportRowError, ImportRowStatus } from '../../../contracts/imports';
import type { Actor } from '../../../platform/auth/actor';
import type { Changes } from '../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import type { ColumnSpec } from '../domain/columns';

/** Whose data an import writes, and who runs it. */
export interface ImportScope {
  importId: number;
  /** The company whose branches or prices are imported; null for the FONASA catalogue. */
  companyId: number | null;
  actor: Actor;
}

/** A row as read and checked on its own (and against the lookups): its normalised data, or its errors. */
export interface ParsedRow<D> {
  row: number;
  label: string;
  data: D | null;
  errors: ImportRowError[];
}

/** What a row will do (dry run) or did (commit). */
export interface RowOutcome {
  row: number;
  status: ImportRowStatus;
  errors: ImportRowError[];
  /** A price row: the price it sets beside the current one (null for a new price). */
  price?: { previous: number | null; next: number };
  /** A price row's review at the dry run (issue 27). */
  review?: { fonasaArancel: number | null; regionMedian: number | null; flags: ImportPriceFlag[] };
  /** The commit left the price waiting for an administrator's authorization. */
  pending?: boolean;
}

/** What one chunk of a commit did. */
export interface ChunkResult {
  outcomes: RowOutcome[];
}

/**
 * One kind of import (branches, prices, FONASA catalogue): its columns, how a row is read and
 * checked, how a chunk compares with what is stored (dry run) and how a chunk is written (commit).
 * The mechanism around it (reading the file, limits, preview, job, checkpoint, error file) is shared.
 */
export interface ImportKindHandler<D = unknown, L = unknown> {
  readonly kind: ImportKind;
  readonly columns: readonly ColumnSpec[];
  /** Groups of columns of which the file must have at least one (a branch by code or by id). */
  readonly oneOf?: string[][];
  /** Administrators only (the FONASA catalogue). */
  readonly adminOnly: boolean;
  /** Whether the import belongs to a company (branches, prices) or not (catalogue). */
  readonly companyOwned: boolean;
  /** What resolving rows needs, loaded once per import (the company's branches, the exams by code...). */
  prepare(db: PrismaService | Tx, scope: ImportScope): Promise<L>;
  /** Tells the lookups which columns the file has (a column it lacks keeps the stored values). */
  withColumns?(lookups: L, keys: string[]): L;
  /** Reads and checks one row on its own; `cells` by column key. */
  parse(cells: Record<string, string>, row: number, lookups: L): ParsedRow<D>;
  /** Identifies what a row writes: a second row with the same key is a duplicate. */
  key(data: D): string;
  /** Dry run: how each valid row of a chunk compares with what is stored (reads only). */
  classify(db: PrismaService | Tx, scope: ImportScope, rows: { row: number; data: D }[], lookups: L): Promise<RowOutcome[]>;
  /**
   * Commit: writes a chunk of valid rows in the caller's transaction through the domain's rules,
   * re-checking each against the data as it is now, and records the chunk's events and audit rows.
   */
  apply(tx: Tx, changes: Changes, scope: ImportScope, rows: { row: number; data: D }[], lookups: L): Promise<RowOutcome[]>;
  /**
   * In the transaction that marks the import done: brings the planner's statistics of the tables it wrote up to date.
   * Until autovacuum's next pass, a minute or more later, a table that grew by 200,000 rows is planned as if it had
   * not: the next file's dry run read the region's medians in 33 s instead of 65 ms.
   */
  refreshStatistics?(tx: Tx): Promise<void>;
}
