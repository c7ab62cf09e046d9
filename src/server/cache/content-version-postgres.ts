import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { execute, postgresOf, type Db } from '../db/client.ts';
import { siteState } from '../db/schema.ts';
import type { ContentVersionSource } from './content-version.ts';

const KEY = 'content_version';
const CHANNEL = 'content_version';
/** How soon a lost listening connection is tried again. */
const RECONNECT_MS = 1_000;

/**
 * The version as every node on one PostgreSQL database sees it, pushed rather than asked: a bump
 * increments the shared counter (site_state) and sends NOTIFY in the same transaction, which
 * PostgreSQL delivers to every listening node when it commits. Each node keeps one connection that
 * LISTENs; a notification from any node (or a lost and regained connection, which may have missed
 * some) moves this node's `epoch`, so a public read costs no query at all. This node's own bumps
 * count at once, before their commit reaches anyone. `run` keeps a restarted node from repeating
 * the versions of an earlier run.
 */
export function postgresContentVersion(db: Db): ContentVersionSource {
  const engine = postgresOf(db);
  const { url } = engine;
  const run = randomBytes(8).toString('hex');
  let changes = 0;
  let epoch = 0;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'womens-rights-news content version' });
    client.on('notification', (message) => {
      // Our own bumps were counted when they were made.
      if (message.payload !== run) epoch += 1;
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      // Whatever changed while no connection listened is treated as a change.
      epoch += 1;
    } catch {
      await client.end().catch(() => undefined);
    }
  };
  void listen();
  engine.onClose(async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await listener?.end().catch(() => undefined);
  });

  return {
    current: () => `${run}.${changes}.${epoch}`,
    async bump() {
      changes += 1;
      await db.transaction(async (tx) => {
        await tx
          .insert(siteState)
          .values({ key: KEY, value: 1 })
          .onConflictDoUpdate({ target: siteState.key, set: { value: sql`${siteState.value} + 1` } });
        // Delivered to every listening node when this transaction commits, and only then.
        await execute(tx, sql`SELECT pg_notify(${CHANNEL}, ${run})`);
      });
    },
  };
}
