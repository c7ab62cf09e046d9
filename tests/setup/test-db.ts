import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSiteCache } from '../../src/server/cache/index.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { envFor, type Env } from '../../src/server/env.ts';
import { createMemoryGuards } from '../../src/server/security/guards.ts';
import { createStorage, type Storage } from '../../src/server/uploads/storage.ts';
import { MediaWorkers, mediaWorkerOptions } from '../../src/server/uploads/workers/pool.ts';
import type { Deps } from '../../src/server/trpc/context.ts';
import { baseDbFile, runDir } from './paths.ts';

export interface TestDeps extends Deps {
  db: Db;
  env: Env;
  storage: Storage;
  dir: string;
  cleanup(): void;
}

/** A fresh copy of the migrated base database and an empty storage folder, in a folder of its own. */
export function createTestDeps(envOverrides: Record<string, string> = {}): TestDeps {
  const dir = path.join(runDir, `t-${Date.now()}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  const dbFile = path.join(dir, 'site.db');
  fs.copyFileSync(baseDbFile, dbFile);
  const env = envFor({ DATABASE_URL: dbFile, STORAGE_DIR: path.join(dir, 'storage'), ...envOverrides });
  const db = openDatabase(dbFile);
  const storage = createStorage(env.STORAGE_DIR);
  return {
    db,
    env,
    storage,
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
