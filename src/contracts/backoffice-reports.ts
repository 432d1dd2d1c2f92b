/** One row of an audit timeline (`POST /api/audit/search`): who did what, when, from where. */
export interface AuditEntryView {
  /** The audit row's id (a bigint, as text). */
  id: string;
  /** What was done: `laboratory_exam.rejected`, `company.approved`... */
  action: string;
  entityType: string;
  entityId: string | null;
  /** ISO date and time. */
  createdAt: string;
  /** Null when the person was deleted or the change was the system's. */
  actor: { id: number; fullName: string; profile: string | null } | null;
  ip: string | null;
  /** What the change recorded: reasons, old and new values (`oldPrice`, `newPrice`...), the actor's profile. */
  details: Record<string, string | number | boolean | null> | null;
}

/** `GET /api/dashboard`: what waits for the caller, each count linking to its list. */
export interface DashboardCounts {
  /** Prices waiting for an administrator's authorization. */
  pendingPrices: number;
  /** Companies waiting for approval (administrators only; null for a provider). */
  pendingCompanies: number | null;
  /** Branches (active laboratories). */
  laboratories: number;
  /** Active authorized prices (the ones quoted, when the company is approved). */
  prices: number;
  /** Rejected active prices (a provider's to fix). */
  rejectedPrices: number;
}
