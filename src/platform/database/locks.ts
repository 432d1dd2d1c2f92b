/**
 * PostgreSQL advisory-lock keys, one per purpose, so two features never take the same key by
 * accident. The first key of `pg_advisory_xact_lock(key1, key2)` when a second (an id) is used.
 */
export enum AdvisoryLock {
  /** Seeding the demo data: one process at a time. */
  Seed = 7_110_001,
  /** Rebuilding a laboratory's search rows (with its id as the second key), or all of them. */
  SearchReindex = 7_041_001,
}
