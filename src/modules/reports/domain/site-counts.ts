/** What one browsing session did on one day (a `report_session_daily` row). */
export interface SessionCounts {
  visits: number;
  searches: number;
  labOpens: number;
  carts: number;
  personId: number | null;
}

/**
 * A day of the whole site (`report_site_daily`), as the dashboard used to count it over the session rows:
 * `sum(visits)`, `count(*) FILTER (WHERE visits > 0)`, and the funnel `count(*)`, then `searches > 0`,
 * then also `lab_opens > 0`, then also `carts > 0`. The distinct persons are kept apart (`personChanges`).
 */
export interface SiteCounts {
  visits: number;
  sessions: number;
  funnelSessions: number;
  funnelSearched: number;
  funnelOpened: number;
  funnelCart: number;
}

export const NO_SITE_COUNTS: SiteCounts = { visits: 0, sessions: 0, funnelSessions: 0, funnelSearched: 0, funnelOpened: 0, funnelCart: 0 };

/** What one session row adds to its day's counts; a row that does not exist adds nothing. */
export function siteCountsOf(row: SessionCounts | null): SiteCounts {
  if (!row) return NO_SITE_COUNTS;
  const searched = row.searches > 0;
  const opened = searched && row.labOpens > 0;
  return {
    visits: row.visits,
    sessions: row.visits > 0 ? 1 : 0,
    funnelSessions: 1,
    funnelSearched: searched ? 1 : 0,
    funnelOpened: opened ? 1 : 0,
    funnelCart: opened && row.carts > 0 ? 1 : 0,
  };
}

/** The row after a batch adds to it, as the upsert writes it: counts add up, the last person named stays. */
export function addToSession(before: SessionCounts | null, add: SessionCounts): SessionCounts {
  const old = before ?? { visits: 0, searches: 0, labOpens: 0, carts: 0, personId: null };
  return {
    visits: old.visits + add.visits,
    searches: old.searches + add.searches,
    labOpens: old.labOpens + add.labOpens,
    carts: old.carts + add.carts,
    personId: add.personId ?? old.personId,
  };
}

export function addSiteCounts(a: SiteCounts, b: SiteCounts, sign: 1 | -1 = 1): SiteCounts {
  return {
    visits: a.visits + sign * b.visits,
    sessions: a.sessions + sign * b.sessions,
    funnelSessions: a.funnelSessions + sign * b.funnelSessions,
    funnelSearched: a.funnelSearched + sign * b.funnelSearched,
    funnelOpened: a.funnelOpened + sign * b.funnelOpened,
    funnelCart: a.funnelCart + sign * b.funnelCart,
  };
}

export const isNoChange = (c: SiteCounts) => Object.values(c).every((n) => n === 0);

/**
 * How a session row changing from `before` to `after` moves its day: the site's counts, and the persons
 * it leaves and joins (+1/-1 on the sessions a person has that day; a person counts while that is above 0).
 */
export function sessionChange(before: SessionCounts | null, after: SessionCounts): { site: SiteCounts; persons: { personId: number; sessions: 1 | -1 }[] } {
  const site = addSiteCounts(siteCountsOf(after), siteCountsOf(before), -1);
  const was = before?.personId ?? null;
  const persons: { personId: number; sessions: 1 | -1 }[] = [];
  if (was !== after.personId) {
    if (was !== null) persons.push({ personId: was, sessions: -1 });
    if (after.personId !== null) persons.push({ personId: after.personId, sessions: 1 });
  }
  return { site, persons };
}
