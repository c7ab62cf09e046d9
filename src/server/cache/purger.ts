import type { Db, DbLike } from '../db/client.ts';
import { IDLE_LOOK_MS, QueueLoop } from '../db/queue-loop.ts';
import { siteOrigin, type Env } from '../env.ts';
import { languages } from '../../shared/locale.ts';
import { claimDuePurges, enqueuePurge, nextPurgeDueAt, purgeDone, purgeFailed, type ClaimedPurge } from './purge-outbox.ts';
import type { ChangedItem } from './public-change.ts';
import { purgeTargets, type PurgeTargets } from './purge-targets.ts';

const BATCH = 10;
/** Long enough for any purge call (each request times out after REQUEST_TIMEOUT_MS). */
const LEASE_MS = 2 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;
/** PURGE requests in flight at once in the nginx style (one per address and language). */
const NGINX_PARALLEL = 6;

type PurgeSettings = Pick<Env, 'CDN_PURGE_URL' | 'CDN_PURGE_STYLE' | 'CDN_PURGE_TOKEN' | 'CDN_PURGE_RETRY_SECONDS' | 'PUBLIC_URL' | 'ONION_URL' | 'PORT'>;

/** Answers null when the cache in front took the purge, else what went wrong (a status or an error's name: never a header or the token). */
export async function sendPurge(env: PurgeSettings, targets: PurgeTargets): Promise<string | null> {
  const url = env.CDN_PURGE_URL!;
  const auth: Record<string, string> = env.CDN_PURGE_TOKEN ? { authorization: `Bearer ${env.CDN_PURGE_TOKEN}` } : {};
  const call = async (target: string, init: RequestInit, ok: (status: number) => boolean): Promise<string | null> => {
    try {
      const response = await fetch(target, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.body?.cancel();
      return ok(response.status) ? null : `HTTP ${response.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return cause ?? (error as Error).name;
    }
  };
  if (env.CDN_PURGE_STYLE === 'nginx') {
    // ngx_cache_purge drops one exact key: each address once per language the cache keys it on
    // (deploy/nginx/site.conf reads X-Lang as a reader's script sends it). 404: nothing was kept there.
    const requests = targets.paths.flatMap((path) => languages.map((language) => ({ path, language })));
    let failure: string | null = null;
    for (let start = 0; start < requests.length && !failure; start += NGINX_PARALLEL) {
      const results = await Promise.all(
        requests
          .slice(start, start + NGINX_PARALLEL)
          .map(({ path, language }) =>
            call(`${url}${path}`, { method: 'PURGE', headers: { ...auth, 'x-lang': language } }, (status) => status === 200 || status === 404),
          ),
      );
      failure = results.find((result) => result !== null) ?? null;
    }
    return failure;
  }
  const origin = siteOrigin(env);
  return call(
    url,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'surrogate-key': targets.keys.join(' ') },
      body: JSON.stringify({ keys: targets.keys, urls: targets.paths.map((path) => `${origin}${path}`) }),
    },
    (status) => status >= 200 && status < 300,
  );
}

/**
 * Tells the cache in front what each public change made stale (decision 038): the node that makes
 * a change queues one row (queue), and every node's loop claims due rows, calls CDN_PURGE_URL and
 * deletes them once it succeeded, retrying failures with a growing wait. Without CDN_PURGE_URL
 * nothing is queued and the loop never starts.
 */
export class CdnPurger extends QueueLoop {
  private readonly env: PurgeSettings;
  private readonly now: () => number;

  constructor(db: Db, env: PurgeSettings, now: () => number = Date.now) {
    super(db, 'Purging the cache in front failed');
    this.env = env;
    this.now = now;
  }

  get configured(): boolean {
    return Boolean(this.env.CDN_PURGE_URL);
  }

  /**
   * Queues the purge of one change: in `tx`, the change's own transaction when the caller holds one
   * (the purge is then queued exactly when the change commits), else in a transaction of its own
   * (SQLite writes only through one); and wakes this node's loop after the commit.
   */
  async queue(changed: readonly ChangedItem[] | 'everything', tx?: DbLike): Promise<void> {
    if (!this.configured) return;
    const targets = purgeTargets(changed);
    if (tx) await enqueuePurge(tx, targets, this.now());
    else await this.db.transaction((own) => enqueuePurge(own, targets, this.now()));
    this.kick();
  }

  /** One claim and its purges; answers how long to wait before the next (0: go on at once). */
  async turn(): Promise<number> {
    const retryMs = this.env.CDN_PURGE_RETRY_SECONDS * 1000;
    const claimed = await claimDuePurges(this.db, { now: this.now(), leaseMs: LEASE_MS, batch: BATCH });
    for (const purge of claimed) await this.settle(purge, await sendPurge(this.env, purge), retryMs);
    if (claimed.length) return 0;
    const next = await nextPurgeDueAt(this.db);
    return next === null ? IDLE_LOOK_MS : Math.min(IDLE_LOOK_MS, Math.max(50, next - this.now()));
  }

  private async settle(purge: ClaimedPurge, failure: string | null, retryMs: number): Promise<void> {
    if (!failure) return purgeDone(this.db, purge);
    console.error(`The cache in front refused purge ${purge.id} (try ${purge.attempts + 1}): ${failure}; it is tried again later.`);
    await purgeFailed(this.db, purge, failure, this.now(), retryMs);
  }
}
