import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadEngine, openDatabase } from '../../src/server/db/client.ts';
import { createDeps } from '../../src/server/deps.ts';
import { createPostgresGuards } from '../../src/server/security/guards-postgres.ts';
import { processSiteKeys } from '../../src/server/security/site-keys.ts';
import { envFor, type Env } from '../../src/server/env.ts';
import type { Deps } from '../../src/server/trpc/context.ts';
import { baseDbFile, runDir } from './paths.ts';
import { PG_TEMPLATE, runPostgres } from './postgres-server.ts';

// PostgreSQL's engine is loaded on first use (db/client.ts): a run with a PostgreSQL server loads it
// here, so that its sites open without waiting.
const postgresServer = runPostgres();
if (postgresServer) await loadEngine(postgresServer.urlOf(PG_TEMPLATE));

export interface TestDeps extends Deps {
  dir: string;
  cleanup(): Promise<void>;
}

/** The engine this run's suites use: SQLite unless TEST_DATABASE=postgres. */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Where this run's suites keep stored files: a folder unless TEST_STORAGE=bucket (tests/setup/global-s3.ts). */
export const testStorage: 'folder' | 'bucket' = process.env.TEST_STORAGE === 'bucket' ? 'bucket' : 'folder';

/**
 * The storage settings of a test's site in `dir`: its folder, or in a bucket run a prefix of the
 * run's bucket named after the folder (the folder then holds only the scratch area).
 */
export function testStorageEnv(dir: string): Record<string, string> {
  const settings: Record<string, string> = { STORAGE_DIR: path.join(dir, 'storage') };
  if (testStorage === 'bucket') {
    const port = process.env.TEST_S3_PORT;
    if (!port) throw new Error('A bucket run needs tests/setup/global-s3.ts in its globalSetup.');
    settings.STORAGE_URL = `s3://site-tests/${path.basename(dir)}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`;
  }
  return settings;
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
  // On PostgreSQL the guards a node uses there (counts kept in the database), so every suite run on
  // that engine exercises them; the keys are this test's own.
  const keys = processSiteKeys();
  const deps = createDeps({ db, env, keys, guards: db.dialect === 'postgres' ? createPostgresGuards(db, env, keys) : undefined });
  return {
    ...deps,
    db,
    env,
    dir,
    async cleanup() {
      // Not awaited (as on main): a thread still in an overrunning statement ends on its own.
      void deps.searchWorkers.close();
      // Its SMTP connection, if a test sent mail.
      await deps.mail.stop();
      await db.close();
      dropTestDatabase(env.DATABASE_URL);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated, empty database of the run's engine: a copy of the base SQLite file, or a
 * PostgreSQL database made from the migrated template (both take milliseconds).
 */
export function freshDatabaseUrl(dir: string): string {
  const server = runPostgres();
  if (testDialect === 'sqlite' || !server) {
    const dbFile = path.join(dir, 'site.db');
    fs.copyFileSync(baseDbFile, dbFile);
    return dbFile;
  }
  const name = `t_${path
    .basename(dir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
  // FILE_COPY: copies the template's files (two checkpoints, cheap with the test server's fsync off)
  // instead of writing all of it through the write-ahead log, PostgreSQL 15's default; three times faster.
  server.admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE} STRATEGY FILE_COPY`);
  return server.urlOf(name);
}

function dropTestDatabase(url: string): void {
  const server = runPostgres();
  if (!server || !/^postgres/.test(url)) return;
  server.admin(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}

/**
 * A fresh copy of the migrated base database and an empty storage folder, in a folder of its own.
 * Without the limit on the server time one visitor may use (VISITOR_WORK_MS_PER_SECOND): a suite
 * sends hundreds of requests from one address, which the limit would hold for seconds each time.
 * The limit has its own suite (visitor-work.test.ts), and the Chromium journeys keep it on.
 */
export function createTestDeps(envOverrides: Record<string, string> = {}): TestDeps {
  const dir = newTestDir('t');
  return testDepsIn(dir, envFor({ DATABASE_URL: freshDatabaseUrl(dir), ...testStorageEnv(dir), VISITOR_WORK_MS_PER_SECOND: '0', ...envOverrides }));
}
