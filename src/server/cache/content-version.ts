import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

/**
 * Where the version of everything a visitor can read comes from. `current()` changes whenever
 * public output may have changed; `bump()` says that a procedure just changed it. The in-memory
 * source below serves one process; a shared store (a row in the database, say) can implement the
 * same two methods when several processes serve one site, and nothing else needs to change.
 */
export interface ContentVersionSource {
  current(): string;
  bump(): void;
}

/**
 * The version of one process: a random id of this run (so a counter that restarts at zero never
 * repeats an earlier run's version), the changes this process made, and SQLite's data_version,
 * which moves when another process (a command-line tool, a restore) commits to the same file.
 * The value is internal: validators sent to readers are opaque (see validators.ts).
 */
export function memoryContentVersion(db: Db): ContentVersionSource {
  const run = randomBytes(8).toString('hex');
  let changes = 0;
  // db.pragma() prepares its statement on every call; this runs on every public read.
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  return {
    current: () => `${run}.${changes}.${dataVersion.get() as number}`,
    bump() {
      changes += 1;
    },
  };
}
