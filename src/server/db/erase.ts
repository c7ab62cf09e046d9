import type { Db } from './client.ts';

/**
 * Makes deleted private data (a story, a contact message, a subscriber) unrecoverable from the
 * database files at once. `secure_delete` (set when the database is opened) overwrites the deleted
 * row in its page, but the write-ahead log still holds the earlier copies of that page until the
 * next checkpoint, and an ordinary checkpoint leaves the log's bytes in place to be reused. A
 * TRUNCATE checkpoint copies the zeroed pages into the database and cuts the log to nothing.
 * A reader holding an old snapshot would make it return early; this process reads synchronously,
 * so there is none, and the next call catches up if another process (a backup) was reading.
 */
export function eraseDeleted(db: Db): void {
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
}
