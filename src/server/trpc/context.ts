import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Language } from '../../shared/locale.ts';
import type { Session, SessionUser } from '../auth/sessions.ts';
import type { Clock } from '../publication/clock.ts';
import type { Storage } from '../uploads/storage.ts';

/** What procedures may do to the caller's cookies; HTTP writes headers, tests record or ignore. */
export interface CookieWriter {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
}

export interface Deps {
  db: Db;
  env: Env;
  storage: Storage;
  /** The site's time (scheduled publishing, preview links); the system clock when absent. */
  clock?: Clock;
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
}

export const noCookies: CookieWriter = { setSession() {}, clearSession() {} };

/** The context of a direct call (tests, command-line tools, REST shims after their own checks). */
export function innerContext(deps: Deps, overrides: Partial<Omit<Context, keyof Deps>> = {}): Context {
  return { ...deps, lang: 'en', user: null, session: null, csrfOk: true, cookies: noCookies, clientIp: null, ...overrides };
}
