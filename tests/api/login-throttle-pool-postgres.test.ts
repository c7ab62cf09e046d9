import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postgresOf } from '../../src/server/db/client.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';

/**
 * The PostgreSQL login throttle under a flood (runs in the PostgreSQL project only): attempts wait
 * their turn in memory, not holding the node's pooled connections while a lock is taken.
 */
const sites = sitesStartedInTests();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 9) });
});
afterEach(() => {
  vi.useRealTimers();
});
const account = 'editor@example.org';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the login throttle on PostgreSQL', () => {
  it('keeps a flood of attempts at one account from taking the node’s database connections while they wait', async () => {
    const d = sites.deps();
    const pool = postgresOf(d.db).pool;
    let queued = 0;
    const sample = setInterval(() => (queued = Math.max(queued, pool.waitingCount)), 1);
    try {
      await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const { attempt } = await d.guards.loginThrottle.begin(`10.9.0.${i}`, account);
          if (!attempt) return;
          await pause(10);
          await attempt.failed();
        }),
      );
    } finally {
      clearInterval(sample);
    }
    // One attempt at a time in the database and the few checks under way settling: the node's other
    // work (pages, sign-ins at other accounts) always finds a connection free.
    expect(queued).toBe(0);
  });
});
