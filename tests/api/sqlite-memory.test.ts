import { afterAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/server/db/client.ts';
import { CACHE_KIB } from '../../src/server/db/sqlite-engine.ts';
import { createTestDeps } from '../setup/test-db.ts';

describe('the memory a SQLite site keeps for its file', () => {
  const deps = createTestDeps();
  afterAll(() => deps.cleanup());

  it('caches at most 2 MB of pages on each of its connections, not the 16 MB better-sqlite3 defaults to', () => {
    const { reader, writer } = sqliteOf(deps.db);
    for (const connection of [reader, writer]) expect(connection.pragma('cache_size', { simple: true })).toBe(-CACHE_KIB);
    expect(CACHE_KIB).toBeLessThanOrEqual(2048);
  });
});
