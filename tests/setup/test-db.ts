import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../src/server/db/client.ts';
import { createDeps } from '../../src/server/deps.ts';
import { envFor, type Env } from '../../src/server/env.ts';
import type { Deps } from '../../src/server/trpc/context.ts';
import { baseDbFile, runDir } from './paths.ts';

export interface TestDeps extends Deps {
  dir: string;
  cleanup(): void;
}

/** A new, empty folder of this run's own, named so the kind of copy it holds shows (t- fresh, c- cloned). */
export function newTestDir(prefix: string): string {
  const dir = path.join(runDir, `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The site whose database and storage the settings name, inside `dir`; cleanup closes the database and removes the folder. */
export function testDepsIn(dir: string, env: Env): TestDeps {
  const db = openDatabase(env.DATABASE_URL);
  const deps = createDeps({ db, env });
  return {
    ...deps,
    db,
    env,
    dir,
    cleanup() {
      void deps.searchWorkers.close();
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh copy of the migrated base database and an empty storage folder, in a folder of its own. */
export function createTestDeps(envOverrides: Record<string, string> = {}): TestDeps {
  const dir = newTestDir('t');
  const dbFile = path.join(dir, 'site.db');
  fs.copyFileSync(baseDbFile, dbFile);
  return testDepsIn(dir, envFor({ DATABASE_URL: dbFile, STORAGE_DIR: path.join(dir, 'storage'), ...envOverrides }));
}
