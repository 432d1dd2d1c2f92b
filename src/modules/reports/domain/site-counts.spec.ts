import { addSiteCounts, addToSession, NO_SITE_COUNTS, sessionChange, siteCountsOf, type SessionCounts, type SiteCounts } from './site-counts';

const row = (over: Partial<SessionCounts> = {}): SessionCounts => ({ visits: 0, searches: 0, labOpens: 0, carts: 0, personId: null, ...over });

/** What the dashboard computed over a day's session rows before the site rollup (the SQL it ran, in JS). */
function countedFromRows(rows: SessionCounts[]): SiteCounts & { signedIn: number } {
  const searched = rows.filter((r) => r.searches > 0);
  const opened = searched.filter((r) => r.labOpens > 0);
  return {
    visits: rows.reduce((n, r) => n + r.visits, 0),
    sessions: rows.filter((r) => r.visits > 0).length,
    funnelSessions: rows.length,
    funnelSearched: searched.length,
    funnelOpened: opened.length,
    funnelCart: opened.filter((r) => r.carts > 0).length,
    signedIn: new Set(rows.flatMap((r) => (r.personId === null ? [] : [r.personId]))).size,
  };
}

describe('the site rollup moved by session rows', () => {
  it('counts a new row once per line it crosses', () => {
    expect(sessionChange(null, row({ visits: 2 })).site).toEqual({ ...NO_SITE_COUNTS, visits: 2, sessions: 1, funnelSessions: 1 });
    expect(sessionChange(null, row({ searches: 1 })).site).toEqual({ ...NO_SITE_COUNTS, funnelSessions: 1, funnelSearched: 1 });
    // More visits of a session already counted: only the visits move.
    expect(sessionChange(row({ visits: 1 }), row({ visits: 3 })).site).toEqual({ ...NO_SITE_COUNTS, visits: 2 });
    // The cart before the search: the session reaches the cart step only once it has searched and opened a laboratory.
    const carted = row({ visits: 2, labOpens: 1, carts: 1 });
    expect(sessionChange(carted, { ...carted, searches: 1 }).site).toEqual({ ...NO_SITE_COUNTS, funnelSearched: 1, funnelOpened: 1, funnelCart: 1 });
  });

  it('moves persons when a session signs in, or in as someone else', () => {
    expect(sessionChange(row({ visits: 1 }), row({ visits: 2, personId: 7 })).persons).toEqual([{ personId: 7, sessions: 1 }]);
    expect(sessionChange(row({ personId: 7 }), row({ personId: 8 })).persons).toEqual([{ personId: 7, sessions: -1 }, { personId: 8, sessions: 1 }]);
    // A batch that names nobody keeps the person the row had (as the upsert's COALESCE does).
    expect(addToSession(row({ personId: 7 }), row({ visits: 1 })).personId).toBe(7);
    expect(sessionChange(row({ personId: 7 }), addToSession(row({ personId: 7 }), row({ visits: 1 }))).persons).toEqual([]);
  });

  it('keeps every day equal to what the session rows add up to, however batches fall (generated)', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const rows = new Map<number, SessionCounts>();
      let site: SiteCounts = NO_SITE_COUNTS;
      const persons = new Map<number, number>();
      let signedIn = 0;
      for (let batch = 0; batch < 30; batch++) {
        const session = random(8);
        const add = row({ visits: random(3), searches: random(2), labOpens: random(4) === 0 ? 1 : 0, carts: random(5) === 0 ? 1 : 0, personId: random(4) === 0 ? 1 + random(3) : null });
        const before = rows.get(session) ?? null;
        const after = addToSession(before, add);
        const change = sessionChange(before, after);
        site = addSiteCounts(site, change.site);
        for (const p of change.persons) {
          const was = persons.get(p.personId) ?? 0;
          persons.set(p.personId, was + p.sessions);
          if (was === 0 && was + p.sessions > 0) signedIn += 1;
          if (was > 0 && was + p.sessions === 0) signedIn -= 1;
        }
        rows.set(session, after);
        expect({ ...site, signedIn }).toEqual(countedFromRows([...rows.values()]));
      }
    }
  });

  it('counts nothing for a row that does not exist', () => {
    expect(siteCountsOf(null)).toEqual(NO_SITE_COUNTS);
  });
});
