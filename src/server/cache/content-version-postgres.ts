import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { postgresOf, type Db } from '../db/client.ts';
import { listeningClient } from '../db/listening-client.ts';
import type { ContentVersionSource } from './content-version.ts';

/** The shared counter's key in site_state, and the channel its new values are announced on. */
export const CONTENT_VERSION_KEY = 'content_version';
export const CONTENT_VERSION_CHANNEL = 'content_version';
/** How soon a lost listening connection is tried again. */
const RECONNECT_MS = 1_000;
/** Tries of a bump before the change is reported as not counted (then only this node has moved on). */
const BUMP_ATTEMPTS = 4;

/**
 * The version as every node on one PostgreSQL database sees it: the shared counter (site_state)
 * itself, so every node names the same content with the same version, and a reader's ETag from
 * one node is honoured by the others. A bump increments the counter and sends its new value with
 * NOTIFY in the same transaction, which PostgreSQL delivers to every listening node when it
 * commits. A notification arrives a moment after the commit, though, and an editor's answer may
 * reach her before the other nodes have heard: so each request first reads the counter
 * (`refresh`: one primary-key lookup, shared by the requests that arrive while one is in flight;
 * its cost is measured in docs/benchmarks.md), and no node serves a page older than the last change
 * answered to anyone.
 *
 * The counter only grows (a restore sets it past both the restored and the replaced value,
 * restore-postgres.ts), so a version never names two contents. While this node's own bump is on
 * its way (or failed to be counted), its version carries a suffix of its own, so nothing it reads
 * after its change is kept under the version from before it.
 */
export function postgresContentVersion(db: Db): ContentVersionSource {
  const engine = postgresOf(db);
  const { url } = engine;
  const run = randomBytes(8).toString('hex');
  let seen = -1;
  let bumping = 0;
  let ownChanges = 0;
  // Until the first read, and while an own change is not yet counted in `seen`.
  let unsettled: string | null = `${run}.start`;
  // An own change whose count failed: its suffix stays until a change is seen from the counter.
  let uncounted = false;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const note = (value: number) => {
    if (value > seen) {
      seen = value;
      uncounted = false;
    }
    if (bumping === 0 && !uncounted) unsettled = null;
  };

  // Written out, not built with the query builder: it runs before nearly every request.
  const readShared = async () => {
    const { rows } = await engine.pool.query<[number]>({
      text: 'SELECT value FROM site_state WHERE key = $1',
      values: [CONTENT_VERSION_KEY],
      rowMode: 'array',
    });
    note(Number(rows[0]?.[0] ?? 0));
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

  const listen = async () => {
    const client = await listeningClient(url, 'content version');
    client.on('notification', (message) => note(Number(message.payload)));
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_VERSION_CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      // Whatever changed while no connection listened is read now.
      await refresh().catch(() => undefined);
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

  /**
   * One statement outside any transaction (READ COMMITTED): an increment waits for a concurrent one's
   * row lock instead of failing as a serializable transaction may, so a burst of changes loses no
   * bump; NOTIFY goes out when it commits. A failure is tried again (an extra bump costs nothing).
   */
  const increment = async (): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await engine.pool.query<{ value: number }>(
          `WITH bumped AS (
             INSERT INTO site_state (key, value) VALUES ($1, 1)
             ON CONFLICT (key) DO UPDATE SET value = site_state.value + 1 RETURNING value
           )
           SELECT value, pg_notify($2, value::text) FROM bumped`,
          [CONTENT_VERSION_KEY, CONTENT_VERSION_CHANNEL],
        );
        return Number(rows[0]!.value);
      } catch (error) {
        if (attempt >= BUMP_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  return {
    current: () => (unsettled === null ? String(seen) : `${seen}.${unsettled}`),
    refresh,
    async bump() {
      bumping += 1;
      ownChanges += 1;
      unsettled = `${run}.${ownChanges}`;
      try {
        const value = await increment();
        bumping -= 1;
        note(value);
      } catch (error) {
        bumping -= 1;
        uncounted = true;
        throw error;
      }
    },
  };
}
