import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSiteCache } from '../../src/server/cache/index.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { envFor } from '../../src/server/env.ts';
import { createMemoryGuards } from '../../src/server/security/guards.ts';
import { createStorage } from '../../src/server/uploads/storage.ts';
import { MediaWorkers, mediaWorkerOptions } from '../../src/server/uploads/workers/pool.ts';
import { runDir } from './paths.ts';
import type { TestDeps } from './test-db.ts';

/**
 * A copy of a prepared site (database and stored files) in a folder of its own: tests that each
 * need the same rich starting point build it once and clone it per test in milliseconds.
 * The copy has its own in-memory guards (throttles, setup token), as a restarted site would.
 */
export function cloneTestDeps(source: TestDeps, envOverrides: Record<string, string> = {}): TestDeps {
  source.db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const dir = path.join(runDir, `c-${Date.now()}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
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
  const db = openDatabase(dbFile);
  return {
    db,
    env,
    storage: createStorage(env.STORAGE_DIR),
    cache: createSiteCache(db),
    guards: createMemoryGuards(env),
    mediaWorkers: new MediaWorkers(mediaWorkerOptions(env)),
    dir,
    cleanup() {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
