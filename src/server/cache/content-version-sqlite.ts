import { randomBytes } from 'node:crypto';
import { sqliteOf, type Db } from '../db/client.ts';
import type { ContentVersionSource } from './content-version.ts';

const KEY = 'content_version';

/**
 * The version as every process serving one SQLite file sees it.
 *
 * This process's own changes count at once (`changes`). Changes made by another process (a second
 * server on the same file, a command-line tool) are seen through a counter in the database
 * (`site_state`) that every bump increments: SQLite's data_version, asked on the reader
 * connection, tells cheaply that another connection committed something, and only then is the
 * counter read. Our own writer is such another connection too, so our own commits cost one read
 * of the counter as well, which finds it where we left it. So anonymous writes (a subscription, a
 * story sent, a sign-in), ours or another process's, leave the caches alone, while publishing
 * anywhere empties them. `epoch` counts the changes seen from elsewhere, so a version never repeats
 * within a run, and the random `run` id keeps a restarted process from repeating an earlier run's
 * versions. The value is internal: validators sent to readers are opaque (see validators.ts).
 */
export function sqliteContentVersion(db: Db): ContentVersionSource {
  const { reader, writer } = sqliteOf(db);
  const run = randomBytes(8).toString('hex');
  let changes = 0;
  let epoch = 0;
  let seenDataVersion: number | null = null;
  let seenCounter: number | null = null;
  // Statements prepared once: current() runs on every public read, synchronously on the reader.
  const dataVersion = reader.prepare('PRAGMA data_version').pluck();
  const counter = reader.prepare('SELECT value FROM site_state WHERE key = ?').pluck();
  // Run on the writer only inside a transaction (bump below).
  const increment = writer
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
    async bump() {
      changes += 1;
      const value = await db.transaction(async () => increment.get(KEY) as number);
      // When nobody else counted since we last looked, the new value is simply ours; otherwise the
      // old one stays, so the difference is noticed as another process's change on the next read.
      // (A read between our commit and this line already took the new value as seen, at the cost
      // of one needless epoch: a spare emptying of the caches, never a stale page.)
      if (seenCounter !== null && value === seenCounter + 1) seenCounter = value;
    },
  };
}
