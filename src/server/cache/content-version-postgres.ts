import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
 * some) moves this node's `epoch`. A notification arrives a moment after the commit, though, and an
 * editor's answer may reach her before the other nodes have heard: so each request first reads the
 * shared counter (`refresh`: one primary-key lookup, shared by the requests that arrive while one
 * is in flight; its cost is measured in docs/benchmarks.md), and no node serves a page older than
 * the last change answered to anyone. This node's own bumps
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

  // The shared counter as this node last read it: a read finding another value moves the epoch.
  let seen: number | null = null;
  const readShared = async () => {
    const [row] = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, KEY)).limit(1);
    const value = Number(row?.value ?? 0);
    if (seen !== null && value !== seen) epoch += 1;
    seen = value;
  };
  // One read in flight; requests arriving meanwhile share the next one, which starts after they came.
  let reading: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (!reading) {
      reading = readShared().finally(() => (reading = null));
      return reading;
    }
    next ??= reading.then(
      () => ((next = null), refresh()),
      () => ((next = null), refresh()),
    );
    return next;
  };

  return {
    current: () => `${run}.${changes}.${epoch}`,
    refresh,
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
