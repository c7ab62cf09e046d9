import fs from 'node:fs';
import path from 'node:path';
import { sqliteOf } from '../../src/server/db/client.ts';
import { envFor } from '../../src/server/env.ts';
import { runPostgres } from './postgres-server.ts';
import { newTestDir, testDepsIn, type TestDeps } from './test-db.ts';
import { folderOf } from './stored.ts';

/**
 * A copy of the source's database at its url's engine: SQLite's file once its write-ahead log is
 * checkpointed into it (in the write queue's turn, so no transaction is half in it); on PostgreSQL
 * a database made from the source's as a template (which needs the source's connections closed:
 * its pool opens new ones when next asked).
 */
async function copyDatabase(source: TestDeps, dir: string): Promise<string> {
  if (source.db.dialect === 'sqlite') {
    const { writer } = sqliteOf(source.db);
    await source.db.exclusive(() => writer.pragma('wal_checkpoint(TRUNCATE)'));
    const dbFile = path.join(dir, 'site.db');
    fs.copyFileSync(source.env.DATABASE_URL, dbFile);
    return dbFile;
  }
  const server = runPostgres();
  if (!server) throw new Error('No PostgreSQL server for this run (TEST_PG_PORT).');
  const from = new URL(source.env.DATABASE_URL).pathname.slice(1);
  const name = `c_${path
    .basename(dir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
  return source.db.exclusive(() => {
    // A connection the source's pool opened between the two statements makes the copy refuse: its
    // connections are ended again and the copy tried again, a few times.
    for (let attempt = 1; ; attempt++) {
      server.admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${from}' AND pid <> pg_backend_pid()`);
      try {
        server.admin(`CREATE DATABASE ${name} TEMPLATE ${from} STRATEGY FILE_COPY`);
        return server.urlOf(name);
      } catch (error) {
        if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt);
      }
    }
  });
}

/**
 * A copy of a prepared site (database and stored files) in a folder of its own: tests that each
 * need the same rich starting point build it once and clone it per test in milliseconds.
 * The copy has its own in-memory guards (throttles, setup token), as a restarted site would.
 */
export async function cloneTestDeps(source: TestDeps, envOverrides: Record<string, string> = {}): Promise<TestDeps> {
  const dir = newTestDir('c');
  const databaseUrl = await copyDatabase(source, dir);
  const storageDir = path.join(dir, 'storage');
  fs.cpSync(folderOf(source.storage).root, storageDir, { recursive: true });
  const env = envFor({
    RATE_LIMIT_PUBLIC_WRITES: String(source.env.RATE_LIMIT_PUBLIC_WRITES),
    RATE_LIMIT_UPLOADS: String(source.env.RATE_LIMIT_UPLOADS),
    VISITOR_WORK_MS_PER_SECOND: String(source.env.VISITOR_WORK_MS_PER_SECOND),
    ...(source.env.SMTP_URL ? { SMTP_URL: source.env.SMTP_URL, MAIL_FROM: source.env.MAIL_FROM } : {}),
    ...envOverrides,
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: storageDir,
  });
  return testDepsIn(dir, env);
}
