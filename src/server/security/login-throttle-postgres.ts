import type pg from 'pg';
import type { Counters } from './guards-postgres.ts';
import type { LoginThrottleStore } from './guards.ts';
import { CONCURRENT_CHECKS, FAILURE_KEPT_MS, loginWait, TURN_KEPT_MS, type Failures, type LoginReservation, type LoginRule } from './throttle.ts';

/** A check whose node stopped before settling it (a crash) stops counting as running after this long. */
const CHECK_KEPT_MS = 60_000;

/** Adds one to each key's count (starting again at 1 where the row has expired), last touched `now`. */
async function bump(client: pg.PoolClient, keys: string[], now: number, expiresAt: number): Promise<void> {
  await client.query(
    `INSERT INTO guard_counters AS c (key, count, since, expires_at) SELECT key, 1, $2::bigint, $3::bigint FROM unnest($1::text[]) AS k(key)
     ON CONFLICT (key) DO UPDATE SET count = CASE WHEN c.expires_at <= $2::bigint THEN 1 ELSE c.count + 1 END, since = $2::bigint, expires_at = $3::bigint`,
    [keys, now, expiresAt],
  );
}

/**
 * FIFO locks by key, held in this process. A caller waiting here holds no database connection: a
 * flood of attempts at one account queues in memory instead of taking the node's whole pool to wait
 * on the database's lock, where the settles that end checks, and every reader, would queue behind it.
 */
class NodeLocks {
  /** Per key held, the callers waiting for it in order. */
  private readonly lines = new Map<string, (() => void)[]>();

  async hold<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    // Sorted, so two callers never wait on each other's second lock.
    const sorted = [...keys].sort();
    for (const key of sorted) {
      const line = this.lines.get(key);
      if (line) await new Promise<void>((resolve) => line.push(resolve));
      else this.lines.set(key, []);
    }
    try {
      return await work();
    } finally {
      for (const key of sorted) {
        const next = this.lines.get(key)?.shift();
        if (next) next();
        else this.lines.delete(key);
      }
    }
  }
}

/**
 * The login throttle of security/throttle.ts, shared by the nodes of a PostgreSQL site: the same
 * rules (`loginWait`), with the failures, turns and checks under way kept in `guard_counters`. An
 * attempt is decided and reserved in one transaction holding advisory locks on its account and
 * address, so parallel attempts on any nodes each see the ones before them, as in one process (the
 * lock is taken by a statement of its own before the read, whose snapshot then holds every commit
 * made under it). Settling takes the same locks: no two of these transactions then write the same
 * rows at once, so they cannot deadlock on rows.
 */
export class PostgresLoginThrottle implements LoginThrottleStore {
  private readonly counters: Counters;
  private readonly nodeLocks = new NodeLocks();
  constructor(counters: Counters) {
    this.counters = counters;
  }

  private keysOf(ip: string | null, account: string) {
    const key = (purpose: string, value: string) => this.counters.keyOf(purpose, value);
    const pair = ip ? `${ip}|${account}` : null;
    return {
      failures: { account: key('login-acct', account), ...(ip && pair ? { ip: key('login-ip', ip), pair: key('login-pair', pair) } : {}) } as Partial<
        Record<LoginRule, string>
      >,
      turn: pair ? key('login-turn', pair) : null,
      running: { account: key('login-run-acct', account), address: ip ? key('login-run-ip', ip) : null },
    };
  }

  async begin(ip: string | null, account: string, now = Date.now()): Promise<LoginReservation> {
    const keys = this.keysOf(ip, account);
    const failureKeys = Object.values(keys.failures);
    const runningKeys = [keys.running.account, ...(keys.running.address ? [keys.running.address] : [])];
    const locked = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
      this.counters.transaction(async (client) => {
        // Sorted, so two transactions never wait on each other's second lock.
        for (const lock of [...runningKeys].sort()) await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lock]);
        return work(client);
      });
    const decide = async (client: pg.PoolClient): Promise<LoginReservation | null> => {
      const { rows } = await client.query<{ key: string; count: number; since: number }>(
        'SELECT key, count, since FROM guard_counters WHERE key = ANY($1::text[]) AND expires_at > $2::bigint',
        [[...failureKeys, ...runningKeys, ...(keys.turn ? [keys.turn] : [])], now],
      );
      const found = new Map(rows.map((row) => [row.key, { count: row.count, last: Number(row.since) }]));
      const running = (key: string | null) => (key ? (found.get(key)?.count ?? 0) : 0);
      if (running(keys.running.address) >= CONCURRENT_CHECKS.perAddress) return { wait: 1 };
      const failures: Partial<Record<LoginRule, Failures>> = {};
      for (const [rule, key] of Object.entries(keys.failures) as [LoginRule, string][]) if (found.has(key)) failures[rule] = found.get(key);
      const decided = loginWait({ failures, turn: keys.turn ? found.get(keys.turn)?.last : undefined, hasIp: ip !== null }, now);
      if (decided.turn !== undefined && keys.turn) {
        await client.query(
          `INSERT INTO guard_counters (key, count, since, expires_at) VALUES ($1, 0, $2::bigint, $3::bigint)
           ON CONFLICT (key) DO UPDATE SET since = excluded.since, expires_at = excluded.expires_at`,
          [keys.turn, decided.turn, decided.turn + TURN_KEPT_MS],
        );
      }
      if (decided.wait > 0) return { wait: decided.wait };
      // An address taking its turn is checked however many others are (see LoginThrottle).
      if (running(keys.running.account) >= CONCURRENT_CHECKS.perAccount && !decided.byTurn) return { wait: 1 };
      // Counted as a failure before the (slow) password check starts.
      await bump(client, failureKeys, now, now + FAILURE_KEPT_MS);
      if (keys.turn) await client.query('DELETE FROM guard_counters WHERE key = $1', [keys.turn]);
      await bump(client, runningKeys, now, now + CHECK_KEPT_MS);
      return null;
    };
    // One attempt per account and per address at a time from this node; other nodes' attempts wait in the database.
    const reserved = await this.nodeLocks.hold(runningKeys, () => locked(decide));
    if (reserved) return reserved;
    let settled = false;
    const settle = async (success: boolean) => {
      if (settled) return;
      settled = true;
      // Not behind this node's line of attempts: a check that ended frees its place at once.
      await locked(async (client) => {
        await client.query('UPDATE guard_counters SET count = count - 1 WHERE key = ANY($1::text[])', [runningKeys]);
        await client.query('DELETE FROM guard_counters WHERE key = ANY($1::text[]) AND count <= 0', [runningKeys]);
        // The owner proved who they are: this address's counts and the account-wide count go.
        if (success) await client.query('DELETE FROM guard_counters WHERE key = ANY($1::text[])', [[...failureKeys, ...(keys.turn ? [keys.turn] : [])]]);
      });
    };
    return { wait: 0, attempt: { succeeded: () => settle(true), failed: () => settle(false) } };
  }
}
