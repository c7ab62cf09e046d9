import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { postgresOf, type Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { createMemoryGuards, searchWindows, type Guards, type RateLimitStore, type SetupTokenStore } from './guards.ts';
import { PostgresLoginThrottle } from './login-throttle-postgres.ts';
import type { SiteKeys } from './site-keys.ts';
import { SHARED_ADDRESS_FACTOR } from './write-budget.ts';

/**
 * The guards of a PostgreSQL site, whose nodes share one count per visitor (decision 026). Counts
 * live in `guard_counters` under opaque keys: a keyed hash (the site's counters key, the same on
 * every node) of the address or budget, never the value itself.
 *
 * Each count is written on the pool, outside any transaction the request has open: a refused or
 * failed write still spent its hit, and the count is not rolled back with the request's work.
 * Counting takes row locks at READ COMMITTED rather than SERIALIZABLE: hits on one key simply
 * queue, where serializable retries would multiply a flood's cost.
 */
export class Counters {
  readonly pool: pg.Pool;
  private readonly key: Buffer;
  constructor(pool: pg.Pool, key: Buffer) {
    this.pool = pool;
    this.key = key;
  }

  /** The row key of `value` for one purpose (a store's name). */
  keyOf(purpose: string, value: string): string {
    return `${purpose}:${createHmac('sha256', this.key).update(value).digest('base64url').slice(0, 22)}`;
  }

  /** Runs `work` in one READ COMMITTED transaction on a connection of its own. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * Takes (locking) the windows of `keys`, each reset when its window has ended: the rows are made if
 * missing, and concurrent hits on a key wait for this transaction. Returns count and end per key.
 */
export async function takeWindows(
  client: pg.PoolClient,
  windows: { key: string; ms: number }[],
  now: number,
): Promise<Map<string, { count: number; ends: number }>> {
  const { rows } = await client.query<{ key: string; count: number; expires_at: number }>(
    `INSERT INTO guard_counters AS c (key, count, since, expires_at)
       SELECT key, 0, $2::bigint, $2::bigint + ms FROM unnest($1::text[], $3::bigint[]) AS w(key, ms)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.expires_at <= $2::bigint THEN 0 ELSE c.count END,
       since = CASE WHEN c.expires_at <= $2::bigint THEN $2::bigint ELSE c.since END,
       expires_at = CASE WHEN c.expires_at <= $2::bigint THEN excluded.expires_at ELSE c.expires_at END
     RETURNING key, count, expires_at`,
    [windows.map((window) => window.key), now, windows.map((window) => window.ms)],
  );
  return new Map(rows.map((row) => [row.key, { count: row.count, ends: Number(row.expires_at) }]));
}

/** A fixed window per key, every hit counted (as RateLimiter): one atomic upsert. */
class PostgresRateLimiter implements RateLimitStore {
  private readonly counters: Counters;
  private readonly name: string;
  private readonly limit: number;
  private readonly windowMs: number;
  constructor(counters: Counters, name: string, limit: number, windowMs: number) {
    this.counters = counters;
    this.name = name;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  async hit(value: string, now = Date.now()): Promise<number> {
    if (this.limit <= 0) return 0;
    const { rows } = await this.counters.pool.query<{ count: number; expires_at: number }>(
      `INSERT INTO guard_counters AS c (key, count, since, expires_at) VALUES ($1, 1, $2::bigint, $3::bigint)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.expires_at <= $2::bigint THEN 1 ELSE c.count + 1 END,
         since = CASE WHEN c.expires_at <= $2::bigint THEN $2::bigint ELSE c.since END,
         expires_at = CASE WHEN c.expires_at <= $2::bigint THEN $3::bigint ELSE c.expires_at END
       RETURNING count, expires_at`,
      [this.counters.keyOf(this.name, value), now, now + this.windowMs],
    );
    const row = rows[0]!;
    return row.count > this.limit ? Math.ceil((Number(row.expires_at) - now) / 1000) : 0;
  }
}

/** Several windows per key, a hit counted only when all have room (as WindowBudget). */
class PostgresWindowBudget implements RateLimitStore {
  private readonly counters: Counters;
  private readonly name: string;
  private readonly windows: { limit: number; ms: number }[];
  constructor(counters: Counters, name: string, windows: { limit: number; ms: number }[]) {
    this.counters = counters;
    this.name = name;
    this.windows = windows.filter((window) => window.limit > 0);
  }

  async hit(value: string, now = Date.now()): Promise<number> {
    if (!this.windows.length) return 0;
    const key = this.counters.keyOf(this.name, value);
    const keyed = this.windows.map((window, index) => ({ ...window, key: `${key}:${index}` }));
    return this.counters.transaction(async (client) => {
      const taken = await takeWindows(client, keyed, now);
      let wait = 0;
      for (const window of keyed) {
        const { count, ends } = taken.get(window.key)!;
        if (count >= window.limit) wait = Math.max(wait, Math.ceil((ends - now) / 1000));
      }
      if (wait === 0) await client.query('UPDATE guard_counters SET count = count + 1 WHERE key = ANY($1::text[])', [keyed.map((window) => window.key)]);
      return wait;
    });
  }
}

/** Armed tokens are rows: each node that starts without an administrator arms its own, and any opens setup. */
class PostgresSetupToken implements SetupTokenStore {
  private readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }
  async arm(tokenHash: string) {
    await this.pool.query('INSERT INTO setup_tokens (token_hash, armed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [tokenHash, Date.now()]);
  }
  async isArmed() {
    return ((await this.pool.query('SELECT 1 FROM setup_tokens LIMIT 1')).rowCount ?? 0) > 0;
  }
  async take(tokenHash: string) {
    // Two takes at once: the second waits for the first's deletion, then finds nothing left to delete.
    const taken = await this.pool.query('DELETE FROM setup_tokens WHERE EXISTS (SELECT 1 FROM setup_tokens WHERE token_hash = $1) RETURNING token_hash', [
      tokenHash,
    ]);
    return taken.rows.some((row: { token_hash: string }) => row.token_hash === tokenHash);
  }
  async disarm() {
    await this.pool.query('DELETE FROM setup_tokens');
  }
}

const HOUR = 3_600_000;

/**
 * The shared guards of a node on PostgreSQL. The searches running and the visitor-work budgets
 * stay this node's (its threads and its time, decision 026), as do the kept searches for now.
 */
export function createPostgresGuards(db: Db, env: Env, keys: SiteKeys): Guards {
  const counters = new Counters(postgresOf(db).pool, keys.counters);
  const perNode = createMemoryGuards(env);
  const limiter = (name: string, limit: number) => new PostgresRateLimiter(counters, name, limit, HOUR);
  return {
    ...perNode,
    loginThrottle: new PostgresLoginThrottle(counters),
    publicWrites: limiter('writes', env.RATE_LIMIT_PUBLIC_WRITES),
    uploads: limiter('uploads', env.RATE_LIMIT_UPLOADS),
    searches: new PostgresWindowBudget(counters, 'searches', searchWindows(env.RATE_LIMIT_SEARCHES)),
    sharedAddress: {
      publicWrites: limiter('shared-writes', env.RATE_LIMIT_PUBLIC_WRITES * SHARED_ADDRESS_FACTOR),
      uploads: limiter('shared-uploads', env.RATE_LIMIT_UPLOADS * SHARED_ADDRESS_FACTOR),
      searches: new PostgresWindowBudget(counters, 'shared-searches', searchWindows(env.RATE_LIMIT_SEARCHES * SHARED_ADDRESS_FACTOR)),
      searchesRunning: perNode.sharedAddress.searchesRunning,
    },
    setupToken: new PostgresSetupToken(counters.pool),
  };
}

/** Forgets counts whose window has ended: what keeps the table as small as the visitors of the last hour (a day for failed logins). */
export async function sweepGuardCounters(db: Db, now = Date.now()): Promise<number> {
  const { rowCount } = await postgresOf(db).pool.query('DELETE FROM guard_counters WHERE expires_at <= $1', [now]);
  return rowCount ?? 0;
}
