/**
 * PostgreSQL advisory-lock keys, one per purpose, so two features never take the same key by
 * accident. The first key of `pg_advisory_xact_lock(key1, key2)` when a second (an id) is used.
 */
export enum AdvisoryLock {
  /** Seeding the demo data: one process at a time. */
  Seed = 7_110_001,
  /** Rebuilding a laboratory's search rows (with its id as the second key), or all of them. */
  SearchReindex = 7_041_001,
  /** The delivery sweep (re-drive of unprocessed events): one worker at a time. */
  DeliverySweep = 7_020_001,
  /** Pruning delivered events: one worker at a time. */
  DeliveryPrune = 7_020_002,
  /** A browsing session's search rollups (with the session as the second key): counted once per exam and day. */
  ReportSession = 7_120_001,
  /** Pruning report history past REPORTS_RETENTION_DAYS: one worker at a time. */
  ReportPrune = 7_120_002,
  /** A checkout's idempotency key (its hash as the second key): one order per key, even for concurrent requests. */
  CheckoutIdempotency = 7_130_001,
  /** Expiring unused vouchers and abandoned payments: one worker at a time. */
  OrderExpiry = 7_130_002,
  /** Sweeping orphan uploaded files (commerce media): one worker at a time. (It shared the checkout's key before.) */
  FileSweep = 7_130_003,
  /** A slot of the imports checked at once over every company (the slot as the second key). */
  ImportSlot = 7_150_001,
  /** A slot of the imports one company checks at once (company id × 8 + slot as the second key). */
  ImportCompanySlot = 7_150_002,
}
