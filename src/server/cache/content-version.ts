import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';

/**
 * Where the version of everything a visitor can read comes from. `current()` changes whenever
 * public output may have changed; `bump()` says that a procedure just changed it. A shared store
 * other than the database file (for servers on several machines) can implement the same two
 * methods, and nothing else needs to change.
 */
export interface ContentVersionSource {
  current(): string;
  bump(): void;
}

const KEY = 'content_version';

/**
 * The version as every process serving one database file sees it.
 *
 * This process's own changes count at once (`changes`). Changes made by another process (a second
 * server on the same file, a command-line tool) are seen through a counter in the database
 * (`site_state`) that every bump increments: SQLite's data_version tells cheaply that another
 * connection committed something, and only then is the counter read. So another process's
 * anonymous writes (a subscription, a story sent, a sign-in) leave this process's caches alone,
 * while its publishing empties them. `epoch` counts the changes seen from elsewhere, so a version
 * never repeats within a run, and the random `run` id keeps a restarted process from repeating an
 * earlier run's versions. The value is internal: validators sent to readers are opaque
 * (see validators.ts).
 */
export function databaseContentVersion(db: Db): ContentVersionSource {
  const run = randomBytes(8).toString('hex');
  let changes = 0;
  let epoch = 0;
  let seenDataVersion: number | null = null;
  let seenCounter: number | null = null;
  // Statements prepared once: current() runs on every public read.
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  const counter = db.$client.prepare('SELECT value FROM site_state WHERE key = ?').pluck();
  const increment = db.$client
    .prepare('INSERT INTO site_state (key, value) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1 RETURNING value')
    .pluck();
  const readCounter = () => (counter.get(KEY) as number | undefined) ?? 0;

  return {
    current() {
      const now = dataVersion.get() as number;
      if (now !== seenDataVersion) {
        seenDataVersion = now;
        const value = readCounter();
        if (seenCounter !== null && value !== seenCounter) epoch += 1;
        seenCounter = value;
      }
      return `${run}.${changes}.${epoch}`;
    },
    bump() {
      changes += 1;
      const value = increment.get(KEY) as number;
      // Our own write does not move our data_version. When nobody else counted since we last
      // looked, the new value is simply ours; otherwise the old one stays, so the difference is
      // noticed as another process's change on the next read.
      if (seenCounter !== null && value === seenCounter + 1) seenCounter = value;
    },
  };
}
