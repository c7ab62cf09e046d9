import fs from 'node:fs';
import path from 'node:path';
import { openAndMigrate, sqliteOf } from '../../src/server/db/client.ts';
import { tmpRoot } from './paths.ts';

/** Leftovers of runs that were killed before their teardown; a live run is never this old. */
function removeStaleRuns(maxAgeMs = 6 * 3_600_000) {
  for (const entry of fs.readdirSync(tmpRoot)) {
    const full = path.join(tmpRoot, entry);
    if (Date.now() - fs.statSync(full).mtimeMs > maxAgeMs) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Migrates one base database per run into the run's own folder; every test file then copies it
 * (fast, and each file isolated from the others). The folder goes away when the run ends.
 */
export default async function setup() {
  fs.mkdirSync(tmpRoot, { recursive: true });
  removeStaleRuns();
  const runDir = fs.mkdtempSync(path.join(tmpRoot, 'run-'));
  process.env.TEST_RUN_DIR = runDir;
  const db = await openAndMigrate(path.join(runDir, 'base.db'));
  await db.exclusive(() => sqliteOf(db).writer.pragma('wal_checkpoint(TRUNCATE)'));
  await db.close();

  return () => {
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
