import { createSiteCache, type SiteCache } from './cache/index.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Clock } from './publication/clock.ts';
import { PublicationTimer } from './publication/scheduler.ts';
import { createMemoryGuards, type Guards } from './security/guards.ts';
import { processSiteKeys, type SiteKeys } from './security/site-keys.ts';
import type { SearchExecutor } from './search/workers/job.ts';
import { searchExecutorFor, searchWorkerOptions } from './search/workers/pool.ts';
import { createStorage, type Storage } from './uploads/storage.ts';
import { MediaWorkers, mediaWorkerOptions } from './uploads/workers/pool.ts';
import { MailSender } from './mail/sender.ts';
import { CdnPurger } from './cache/purger.ts';
import { smtpTransport, type MailTransport } from './mail/transport.ts';

/** Everything procedures, routes and tools work with: one set per node. */
export interface Deps {
  db: Db;
  env: Env;
  storage: Storage;
  /** The content version, list memos and validators of this site (src/server/cache/). */
  cache: SiteCache;
  /** Throttles, rate limits and the setup token of this site: shared by its nodes on PostgreSQL (src/server/node.ts). */
  guards: Guards;
  /** The keys of what the site signs for browsers, the same on every node (security/site-keys.ts). */
  keys: SiteKeys;
  /** The bounded pool that cleans uploaded images and videos off the request path. */
  mediaWorkers: MediaWorkers;
  /** Where searches run: threads with their own connections, off the request thread (search/workers/). */
  searchWorkers: SearchExecutor;
  /** The site's time (scheduled publishing, preview links); the system clock when absent. */
  clock?: Clock;
  /** Publishes scheduled items at their times (started with the node's background work, src/server/background.ts). */
  publication: PublicationTimer;
  /** Sends confirmation mails and newsletters from the queue (src/server/mail/), started with the background work. */
  mail: MailSender;
  /** Queues and sends purges to the cache in front (CDN_PURGE_URL, src/server/cache/purger.ts), started with the background work. */
  purger: CdnPurger;
}

/** What a site is built from: its database and settings, and any part the caller already holds. */
export interface DepsParts {
  db: Db;
  env: Env;
  storage?: Storage;
  /** The site's cache; built here unless the caller shares one with its own procedure calls (tests). */
  cache?: SiteCache;
  /** Throttles and the setup token; one in-memory set per site unless a shared store is given. */
  guards?: Guards;
  /**
   * The keys of what the site signs for browsers; a node loads the site's (src/server/node.ts).
   * Without them (tests, tools) the keys are this process's own.
   */
  keys?: SiteKeys;
  mediaWorkers?: MediaWorkers;
  /** Where searches run; threads on the database file unless given (tests give one with other limits). */
  searchWorkers?: SearchExecutor;
  /** Time for scheduled publishing; tests pass a clock they move by hand. */
  clock?: Clock;
  /** The scheduled-publishing timer; built here unless the caller's own procedure calls must wake it (tests). */
  publication?: PublicationTimer;
  /** Where mail leaves; SMTP from SMTP_URL unless given (null: sending is not configured). */
  mailTransport?: MailTransport | null;
  /**
   * The node's mail sender, when the caller built the dependencies already (createApp is given a
   * node's): the procedures must wake the sender the background work runs, and use its one pool.
   */
  mail?: MailSender;
  /** The node's purger, when the caller built the dependencies already (as `mail`). */
  purger?: CdnPurger;
}

/** Everything procedures, routes and tools work with, from the database and settings; the one place it is assembled. */
export function createDeps(parts: DepsParts): Deps {
  const { db, env } = parts;
  const keys = parts.keys ?? processSiteKeys();
  return {
    db,
    env,
    keys,
    storage: parts.storage ?? createStorage(env, db),
    cache: parts.cache ?? createSiteCache(db, keys.validators),
    guards: parts.guards ?? createMemoryGuards(env),
    mediaWorkers: parts.mediaWorkers ?? new MediaWorkers(mediaWorkerOptions(env)),
    searchWorkers: parts.searchWorkers ?? searchExecutorFor(db, searchWorkerOptions(env)),
    clock: parts.clock,
    publication: parts.publication ?? new PublicationTimer(),
    mail:
      parts.mail ??
      new MailSender(db, env, parts.mailTransport !== undefined ? parts.mailTransport : smtpTransport(env), () =>
        parts.clock ? parts.clock.now().getTime() : Date.now(),
      ),
    purger: parts.purger ?? new CdnPurger(db, env),
  };
}
