import type { Deps } from '../deps.ts';
import type { PublicChange } from '../cache/public-change.ts';
import type { Language } from '../../shared/locale.ts';
import type { Session, SessionUser } from '../auth/sessions.ts';

/** What procedures may do to the caller's cookies; HTTP writes headers, tests record or ignore. */
export interface CookieWriter {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  /** The anonymous write-budget cookie of a visitor from a shared address (security/write-budget.ts). */
  setWriteBudget?(value: string): void;
}

/** A node's dependencies, declared where a node is built (src/server/deps.ts). */
export type { Deps };

export interface Context extends Deps {
  lang: Language;
  user: SessionUser | null;
  session: Session | null;
  /** False only for a request that carries a session cookie without the matching anti-forgery header. */
  csrfOk: boolean;
  cookies: CookieWriter;
  /** The caller's address, for throttling in memory only: never stored or logged. Null for direct calls. */
  clientIp: string | null;
  /** A coarse name of the caller's browser (auth/browser-name.ts), kept with a session it signs in. */
  browser?: string | null;
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
