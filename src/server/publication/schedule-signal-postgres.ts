import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { execute, postgresOf, type Db } from '../db/client.ts';
import { listeningClient } from '../db/listening-client.ts';

const CHANNEL = 'schedule_changed';
/** How soon a lost listening connection is tried again. */
const RECONNECT_MS = 1_000;

/**
 * Tells every node that the schedule changed (an item scheduled, moved or published on this one),
 * so each sets its timer for the new next time. Without it a node learns of an item another node
 * scheduled only at its hourly look: were that node to die, the item would go out up to an hour late.
 * `from` names the announcing timer, which has already looked and ignores its own announcement.
 */
export async function announceScheduleChange(db: Db, from: string): Promise<void> {
  await execute(db, sql`SELECT pg_notify(${CHANNEL}, ${from})`);
}

export interface ScheduleListener {
  /** Resolves once the first try to listen is over (listening, or failed and retrying). */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Calls `changed` whenever another timer than `self` announces a schedule change, and once each
 * time listening begins (a change may have come while nobody listened).
 */
export function listenForScheduleChanges(db: Db, self: string, changed: () => void): ScheduleListener {
  const { url } = postgresOf(db);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const listen = async () => {
    // Bounded, so a server that does not answer delays a node's start (which waits for this) by seconds, not minutes.
    const own = await listeningClient(url, 'schedule');
    own.on('notification', (message) => message.payload !== self && changed());
    own.on('error', () => undefined);
    own.on('end', () => {
      if (client === own) client = null;
      if (!stopped) retry = setTimeout(() => void listen(), RECONNECT_MS);
    });
    try {
      await own.connect();
      await own.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void (await own.end());
      client = own;
      changed();
    } catch {
      await own.end().catch(() => undefined);
    }
  };
  const ready = listen();
  const stop = async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
  // Closing the database ends the listening too, whoever forgot to stop it.
  postgresOf(db).onClose(stop);
  return { ready, stop };
}
