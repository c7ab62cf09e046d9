import fs from 'node:fs';
import path from 'node:path';
import { envFor } from '../../src/server/env.ts';
import { newTestDir, testDepsIn, type TestDeps } from './test-db.ts';

/**
 * A copy of a prepared site (database and stored files) in a folder of its own: tests that each
 * need the same rich starting point build it once and clone it per test in milliseconds.
 * The copy has its own in-memory guards (throttles, setup token), as a restarted site would.
 */
export function cloneTestDeps(source: TestDeps, envOverrides: Record<string, string> = {}): TestDeps {
  source.db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const dir = newTestDir('c');
  const dbFile = path.join(dir, 'site.db');
  fs.copyFileSync(source.env.DATABASE_URL, dbFile);
  const storageDir = path.join(dir, 'storage');
  fs.cpSync(source.storage.root, storageDir, { recursive: true });
  const env = envFor({
    RATE_LIMIT_PUBLIC_WRITES: String(source.env.RATE_LIMIT_PUBLIC_WRITES),
    RATE_LIMIT_UPLOADS: String(source.env.RATE_LIMIT_UPLOADS),
    ...envOverrides,
    DATABASE_URL: dbFile,
    STORAGE_DIR: storageDir,
  });
  return testDepsIn(dir, env);
}
