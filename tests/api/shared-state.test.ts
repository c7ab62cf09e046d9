import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { nodeDeps } from '../../src/server/node.ts';
import type { Deps } from '../../src/server/trpc/context.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

/**
 * A node's keys and guards, on either engine (decision 026): the keys come from the database; on
 * SQLite (one process) the counts stay in memory. Two nodes sharing a PostgreSQL database are
 * tested in two-nodes-postgres.test.ts.
 */
const onPostgres = testDialect === 'postgres';
let site: TestDeps;
afterEach(() => site.cleanup());

describe('a node’s keys and guards', () => {
  it('come from the database, the same for every node and restart, unless SITE_SECRET is set', async () => {
    site = createTestDeps();
    const other = openDatabase(site.env.DATABASE_URL);
    try {
      const first: Deps = await nodeDeps({ db: site.db, env: site.env });
      const second: Deps = await nodeDeps({ db: other, env: site.env });
      expect(second.keys.writeBudget.equals(first.keys.writeBudget)).toBe(true);
      expect(second.keys.counters.equals(first.keys.writeBudget)).toBe(false);
      const configured = await nodeDeps({ db: other, env: { ...site.env, SITE_SECRET: 'x'.repeat(40) } });
      expect(configured.keys.writeBudget.equals(first.keys.writeBudget)).toBe(false);
      // SQLite is one process: its counts stay in memory (the stores answer at once).
      const answer = first.guards.publicWrites.hit('203.0.113.9');
      expect(typeof answer).toBe(onPostgres ? 'object' : 'number');
      expect(await answer).toBe(0);
      for (const deps of [first, second, configured]) void deps.searchWorkers.close();
    } finally {
      await other.close();
    }
  });
});
