import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresOf } from '../../src/server/db/client.ts';
import { makeContent } from '../factories/index.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';

/**
 * Readers who leave while their request waits (runs in the PostgreSQL project only, where a session
 * cookie's lookup waits for the database): whatever counted them must let go, or the readers after
 * them are held and refused.
 */
const sites = sitesStartedInTests();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('readers who leave while their session cookie is looked up', () => {
  it('leave nothing counted behind them: the next reader behind the same address is answered at once', async () => {
    // Everyone behind a loopback address (an onion service) is one client, with a few answers in the making at once.
    const deps = sites.deps({ VISITOR_WORK_MS_PER_SECOND: '100' });
    await makeContent(deps, 'news');
    const server = await sites.serve(deps);
    const blocker = new pg.Client({ connectionString: postgresOf(deps.db).url });
    await blocker.connect();
    try {
      // The lookups wait for this lock, so the readers surely leave while they are under way.
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const leaving = Array.from({ length: 8 }, (_, n) => {
        const abort = new AbortController();
        const asked = fetch(`${server.url}/api/news?per_page=${n + 2}`, { headers: { cookie: 'session=long-gone' }, signal: abort.signal }).catch(() => null);
        return { abort, asked };
      });
      const waitingLookups = async () =>
        Number((await blocker.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'sessions'::regclass")).rows[0]!.n);
      while ((await waitingLookups()) < 4) await pause(10);
      for (const reader of leaving) reader.abort.abort();
      await Promise.all(leaving.map((reader) => reader.asked));
      await pause(200);
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }
    await pause(200);
    const asked = Date.now();
    // Before the fix she waited for good: the readers who left were still counted as being answered.
    const response = await fetch(`${server.url}/api/news?per_page=20`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(Date.now() - asked).toBeLessThan(1_500);
  });
});
