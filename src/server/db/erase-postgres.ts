import type pg from 'pg';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { postgresOf, type Db } from './client.ts';
import { siteTables } from './copy-site.ts';

/**
 * Erasure on PostgreSQL (docs/decisions/024). A deleted row stays in its table's file as a dead
 * tuple until vacuum, and in the write-ahead log (which also holds the row as it was inserted)
 * until the segment is removed. After a delete of private data the site therefore:
 *   1. rewrites the tables concerned (VACUUM FULL: new files holding only live rows; the old files
 *      are removed, and ANALYZE replaces the statistics' sampled values);
 *   2. ends the current WAL segment and checkpoints, twice, so every segment that held the row is
 *      no longer needed; with `wal_recycle = off` the server then deletes those segments instead of
 *      renaming them for reuse.
 * The server settings and the role's rights this needs are checked at start (checkErasureSetup).
 */
async function erasePass(pool: pg.Pool, tables: readonly string[]): Promise<boolean> {
  const client = await pool.connect();
  try {
    const clean = await untilNoOlderSnapshot(client);
    for (const table of tables) await client.query(`VACUUM (FULL, ANALYZE) "${table.replaceAll('"', '""')}"`);
    // The partitioned table's own statistics sample its partitions' rows: sampled again, from live rows.
    if (tables.some((table) => table.startsWith('search_documents_'))) await client.query('ANALYZE "search_documents", "search_lexemes"');
    for (let round = 0; round < 2; round++) {
      await client.query('SELECT pg_switch_wal()');
      await client.query('CHECKPOINT');
    }
    return clean;
  } finally {
    client.release();
  }
}

/** How long a pass waits for older transactions to end before it rewrites anyway. */
const SNAPSHOT_WAIT_MS = 5_000;
/** When a pass rewrote before they ended (a backup, a long report), it is made again this much later. */
const FOLLOW_UP_MS = 60_000;

/**
 * Waits until nothing running on the server could still see a row deleted before now. VACUUM FULL
 * copies a deleted row into the new file while it is "recently dead": while a session of this
 * database holds a snapshot older than the delete (a purge or a mail claim of the site's own, still
 * running on a busy machine), or while any transaction of the server, in whatever database, began
 * before it (VACUUM FULL's own snapshot then reaches back past the delete).
 */
async function untilNoOlderSnapshot(client: pg.PoolClient): Promise<boolean> {
  // This session's own transaction id: every delete being erased committed before it.
  const { rows } = await client.query<{ mark: string }>('SELECT pg_current_xact_id()::text AS mark');
  const since = rows[0]!.mark;
  for (const until = Date.now() + SNAPSHOT_WAIT_MS; Date.now() < until;) {
    const { rows: older } = await client.query<{ waiting: boolean }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot()) <= $1::xid8
           OR EXISTS (SELECT FROM pg_stat_activity
                       WHERE (datname = current_database() OR datname IS NULL) AND pid <> pg_backend_pid()
                         AND backend_xmin IS NOT NULL AND age(backend_xmin) >= age(($1::xid8::text::numeric % 4294967296)::text::xid)) AS waiting`,
      [since],
    );
    if (!older[0]!.waiting) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * The search documents that copy each searched table's words (migrations-pg/0002 and 0003):
 * erasing one of those tables erases its partition of the documents and of the words' counts
 * (0012), and the notes of changed items, or a deleted story's words would stay there. Stories have
 * partitions of their own, so erasing one rewrites only the stories' documents and counts, not
 * every public item's, which searches wait for.
 */
const ITEM_COPIES = ['search_documents_items', 'search_lexemes_items'];
const SEARCH_COPIES: Record<string, string[]> = {
  posts: ITEM_COPIES,
  legal_items: ITEM_COPIES,
  gallery_items: ITEM_COPIES,
  stories: ['search_documents_stories', 'search_lexemes_stories'],
};
const withSearchCopies = (tables: readonly string[]) => {
  const copies = tables.flatMap((table) => (SEARCH_COPIES[table] ? [...SEARCH_COPIES[table], 'search_pending'] : []));
  return [...new Set([...tables, ...copies])];
};

interface Eraser {
  /** Tables asked for since the waiting pass was planned. */
  pending: Set<string>;
  /** The pass not yet started, which new requests join. */
  waiting: Promise<void> | null;
  /** The last pass planned; the next one starts after it. */
  tail: Promise<void>;
}
const erasers = new WeakMap<pg.Pool, Eraser>();

/** Erases what was deleted from the given tables (all the site's by default): one pass at a time, requests made meanwhile gathered into the next. */
export function erasePostgres(db: Db, tables?: readonly string[]): Promise<void> {
  const { pool } = postgresOf(db);
  let eraser = erasers.get(pool);
  if (!eraser) erasers.set(pool, (eraser = { pending: new Set(), waiting: null, tail: Promise.resolve() }));
  const own = eraser;
  for (const table of withSearchCopies(tables ?? siteTables.map((entry) => getTableConfig(entry).name))) own.pending.add(table);
  if (!own.waiting) {
    own.waiting = own.tail.then(() => {
      const gathered = [...own.pending];
      own.pending.clear();
      own.waiting = null;
      return erasePass(pool, gathered).then((clean) => {
        // The rewrite may have kept a row an older transaction could see: once more later, when it has surely ended.
        if (!clean) setTimeout(() => void erasePostgres(db, gathered).catch(() => undefined), FOLLOW_UP_MS).unref();
      });
    });
    own.tail = own.waiting.catch(() => undefined);
  }
  return own.waiting;
}

export interface ErasureSetup {
  ok: boolean;
  /** What is missing, in words an operator can act on. */
  problems: string[];
}

/** Whether this server and role can keep the erasure promise; the site warns at start when not. */
export async function checkErasureSetup(db: Db): Promise<ErasureSetup> {
  const { pool } = postgresOf(db);
  const { rows } = await pool.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings
      WHERE name IN ('wal_recycle', 'archive_mode', 'wal_keep_size', 'log_statement', 'log_min_duration_statement', 'log_parameter_max_length', 'shared_preload_libraries', 'session_preload_libraries')`,
  );
  const slots = (await pool.query<{ name: string }>('SELECT slot_name AS name FROM pg_replication_slots')).rows.map((row) => row.name);
  // Left by a restore (backup/restore-postgres.ts): a whole copy of the site as it was, which
  // erasure does not reach, with every story deleted since the backup still in it.
  const kept = (
    await pool.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '%\\_before\\_restore\\_%' ORDER BY 1")
  ).rows.map((row) => row.name);
  const setting = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  const [rights] = (
    await pool.query<{ checkpoint: boolean; switchWal: boolean }>(
      `SELECT pg_has_role(current_user, 'pg_checkpoint', 'MEMBER') OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS checkpoint,
              has_function_privilege(current_user, 'pg_switch_wal()', 'EXECUTE') AS "switchWal"`,
    )
  ).rows;
  const problems: string[] = [];
  if (setting.wal_recycle !== 'off') problems.push('set wal_recycle = off (old WAL segments are otherwise kept for reuse, deleted rows inside them)');
  if (setting.archive_mode !== 'off') problems.push('archive_mode is on: archived WAL keeps deleted rows; erasure cannot reach the archive');
  if (setting.wal_keep_size !== '0') problems.push('set wal_keep_size = 0');
  if (setting.log_statement && setting.log_statement !== 'none') problems.push('set log_statement = none (statements with submitted text would be logged)');
  if (Number(setting.log_min_duration_statement ?? -1) >= 0 && setting.log_parameter_max_length !== '0')
    problems.push('set log_min_duration_statement = -1, or log_parameter_max_length = 0 (a slow statement is logged with the text it carried)');
  if (/auto_explain/.test(`${setting.shared_preload_libraries ?? ''},${setting.session_preload_libraries ?? ''}`))
    problems.push('auto_explain is loaded: it can log statements with the text they carried');
  if (slots.length) problems.push(`replication slots hold WAL, deleted rows inside it, until their reader takes it: ${slots.join(', ')}`);
  if (kept.length)
    problems.push(
      `schemas kept by a restore hold the site as it was, deleted items included; once the restore is checked, DROP SCHEMA … CASCADE each of: ${kept.join(', ')}`,
    );
  if (!rights?.checkpoint) problems.push("GRANT pg_checkpoint TO the site's role");
  if (!rights?.switchWal) problems.push("GRANT EXECUTE ON FUNCTION pg_switch_wal() TO the site's role");
  return { ok: problems.length === 0, problems };
}
