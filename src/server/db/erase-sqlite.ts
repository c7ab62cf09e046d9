import type Database from 'better-sqlite3';

/**
 * Deleted means gone from the files (SQLite's half of the rule; SECURITY.md). `secure_delete`
 * (set when the database is opened) overwrites a deleted row in its page, but the write-ahead log
 * still holds earlier copies of that page until the next checkpoint, and an ordinary checkpoint
 * leaves the log's bytes in place to be reused: a deleted draft was found there 19 times minutes
 * later. A TRUNCATE checkpoint copies the zeroed pages into the database and cuts the log to nothing.
 *
 * One rule covers every deletion, whoever makes it (a procedure, retention, the upload sweep, a
 * cascade, a command-line tool): a temporary trigger on every table of the site notes a deleted
 * row on the writer connection, and the checkpoint runs once no transaction is open on it (a
 * transaction spans awaits: the flush waits for its end). Deletions close together share one
 * checkpoint. The triggers are TEMP: they live on this connection only and change nothing in the
 * database file or its migrations.
 */

const ERASE_FUNCTION = 'note_deleted_row';

/** How long a checkpoint may wait for another process's readers before it is tried again later. */
const WAIT_FOR_READERS_MS = 50;
const RETRY_MS = [100, 400, 1_000, 5_000];

interface Watch {
  /** A checkpoint is queued (microtask or retry timer). */
  queued: boolean;
  retries: number;
  timer?: NodeJS.Timeout;
}

const watches = new WeakMap<Database.Database, Watch>();

/**
 * Copies the log into the database and truncates it, without holding this process (whose event
 * loop waits on a synchronous call) longer than a moment: when another process is still reading
 * an older snapshot (a backup, a second server), the log cannot be cut yet. Answers whether it was.
 */
function checkpointAndTruncate(sqlite: Database.Database): boolean {
  const patience = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${WAIT_FOR_READERS_MS}`);
  try {
    const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number }[];
    return !result || (result.busy === 0 && result.log <= 0);
  } catch (error) {
    // SQLITE_BUSY from a writer in another process: the same as readers in the way.
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${patience}`);
  }
}

function flush(sqlite: Database.Database, watch: Watch): void {
  watch.timer = undefined;
  if (!sqlite.open) return;
  // A transaction still open on this connection (it spans awaits): after it ends.
  if (sqlite.inTransaction) {
    watch.timer = setTimeout(() => flush(sqlite, watch), 0);
    return;
  }
  watch.queued = false;
  if (checkpointAndTruncate(sqlite)) {
    watch.retries = 0;
    return;
  }
  const delay = RETRY_MS[Math.min(watch.retries, RETRY_MS.length - 1)]!;
  watch.retries += 1;
  watch.queued = true;
  watch.timer = setTimeout(() => flush(sqlite, watch), delay);
  watch.timer.unref();
}

function watchOf(sqlite: Database.Database): Watch {
  let watch = watches.get(sqlite);
  if (!watch) {
    watch = { queued: false, retries: 0 };
    watches.set(sqlite, watch);
  }
  return watch;
}

function queueErasure(sqlite: Database.Database): void {
  const watch = watchOf(sqlite);
  if (watch.queued) return;
  watch.queued = true;
  // Inside a transaction of the site the flush comes with its commit (eraseNotedNow); this one is
  // for deletions made any other way (a migration, a tool's statement outside a transaction).
  queueMicrotask(() => {
    if (watch.queued && !watch.timer) flush(sqlite, watch);
  });
}

/**
 * Erases now what deletions noted so far left in the log: called by the write queue right after a
 * transaction ends (sqlite-engine.ts), so a deletion's commit resolves only once it is erased.
 */
export function eraseNotedNow(writer: Database.Database): void {
  const watch = watches.get(writer);
  if (!watch?.queued) return;
  eraseAgain(writer, watch);
}

/**
 * A flush asked for now (a commit, a caller) starts the waits between retries over: several
 * commits in a row under another process's reader must not push the next try to the longest wait,
 * long after that reader is done.
 */
function eraseAgain(writer: Database.Database, watch: Watch): void {
  if (watch.timer) clearTimeout(watch.timer);
  watch.retries = 0;
  flush(writer, watch);
}

/**
 * The tables whose deletions are watched: every ordinary table of the site. Not SQLite's own, not
 * drizzle's migration journal, and not the full-text index's shadow tables, which merge their
 * segments on inserts (their deleted words leave with the item, which is watched).
 */
function watchedTables(sqlite: Database.Database): string[] {
  const tables = sqlite.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'").pluck().all() as string[];
  return tables.filter((name) => !name.startsWith('sqlite_') && name !== '__drizzle_migrations');
}

/**
 * Installs the deletion watch on a connection: at open, and again after migrations (which may add
 * or rebuild tables, dropping a rebuilt table's trigger with it). Idempotent and cheap.
 */
export function watchDeletions(sqlite: Database.Database): void {
  if (!watches.has(sqlite)) {
    sqlite.function(ERASE_FUNCTION, { deterministic: false, varargs: false }, () => {
      queueErasure(sqlite);
      return null;
    });
    watchOf(sqlite);
  }
  for (const table of watchedTables(sqlite)) {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const trigger = `"erase_after_delete_${table.replace(/"/g, '""')}"`;
    sqlite.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${trigger} AFTER DELETE ON main.${quoted} BEGIN SELECT ${ERASE_FUNCTION}(); END`);
  }
}

/**
 * Erases at once what the log still holds of rows deleted or overwritten so far: for callers that
 * change words without deleting a row (the activity log forgetting a deleted item's label) and
 * before a backup is copied. Call it when no transaction is open on the writer.
 */
export function eraseNowSqlite(writer: Database.Database): void {
  const watch = watchOf(writer);
  watch.queued = true;
  eraseAgain(writer, watch);
}
