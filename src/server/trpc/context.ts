import type { SiteCache } from '../cache/index.ts';
import type { PublicChange } from '../cache/public-change.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Guards } from '../security/guards.ts';
import type { SiteKeys } from '../security/site-keys.ts';
import type { Language } from '../../shared/locale.ts';
import type { Session, SessionUser } from '../auth/sessions.ts';
import type { Clock } from '../publication/clock.ts';
import type { PublicationTimer } from '../publication/scheduler.ts';
import type { Storage } from '../uploads/storage.ts';
import type { MediaWorkers } from '../uploads/workers/pool.ts';
import type { SearchExecutor } from '../search/workers/job.ts';

/** What procedures may do to the caller's cookies; HTTP writes headers, tests record or ignore. */
export interface CookieWriter {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  /** The anonymous write-budget cookie of a visitor from a shared address (security/write-budget.ts). */
  setWriteBudget?(value: string): void;
}

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
}

export interface Context extends Deps {
  lang: Language;
  user: SessionUser | null;
  session: Session | null;
  /** False only for a request that carries a session cookie without the matching anti-forgery header. */
  csrfOk: boolean;
  cookies: CookieWriter;
  /** The caller's address, for throttling in memory only: never stored or logged. Null for direct calls. */
  clientIp: string | null;
  /** The signed anonymous write budget the visitor's browser holds, if any (security/write-budget.ts). */
  writeBudget: string | null;
  /**
   * True when the call comes through the original product's REST API (src/server/rest), whose
   * clients know nothing of newer fields: a create without the cover's alt text is then accepted
   * and stored undescribed (docs/decisions/016). Every other caller must describe the cover.
   */
  originalApi?: boolean;
  /**
   * Set for a mutation: where it reports the items it changed, before and after, so the content
   * version moves only when readers can see the change (ProcedureMeta, `'when-public'`).
   */
  publicChange?: PublicChange;
  /** Tells the response cache not to keep this request's answer (set for HTTP requests; src/server/cache/http.ts). */
  keepOutOfCache?(): void;
}

export const noCookies: CookieWriter = { setSession() {}, clearSession() {}, setWriteBudget() {} };

/** The context of a direct call (tests, command-line tools, REST shims after their own checks). */
export function innerContext(deps: Deps, overrides: Partial<Omit<Context, keyof Deps>> = {}): Context {
  return { ...deps, lang: 'en', user: null, session: null, csrfOk: true, cookies: noCookies, clientIp: null, writeBudget: null, ...overrides };
}
