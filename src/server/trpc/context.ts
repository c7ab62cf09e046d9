import type { Deps } from '../deps.ts';
import type { PublicChange } from '../cache/public-change.ts';
import type { Language } from '../../shared/locale.ts';
import type { Session, SessionUser } from '../auth/sessions.ts';

export type SignInCookie = 'sign_in' | 'passkey';

/** What procedures may do to the caller's cookies; HTTP writes headers, tests record or ignore. */
export interface CookieWriter {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  /**
   * The short-lived cookies of a sign-in under way: `sign_in`, a right password waiting for its
   * second step (auth/pending-sign-ins.ts); `passkey`, the signed challenge a passkey answers (auth/passkeys.ts).
   */
  setSignIn?(name: SignInCookie, value: string, expiresAt: Date): void;
  clearSignIn?(name: SignInCookie): void;
  /** The anonymous write-budget cookie of a visitor from a shared address (security/write-budget.ts). */
  setWriteBudget?(value: string): void;
}

/** A node's dependencies, declared where a node is built (src/server/deps.ts). */
export type { Deps };

/** What a search's wait for its turn needs to know of the request it serves. */
export interface SearchTurn {
  /**
   * Whether the request is nothing but searches: such a request holds no place of the work gate
   * (http/visitor-work.ts), so its search may wait longer for its turn than one that does.
   */
  alone(): boolean;
  /** Calls `leave` if the reader goes (her connection closes) before the answer is made. */
  gone(leave: () => void): void;
}

export interface Context extends Deps {
  lang: Language;
  user: SessionUser | null;
  session: Session | null;
  /** The sign-in cookies this browser holds (see CookieWriter.setSignIn). */
  signInCookies?: Partial<Record<SignInCookie, string>>;
  /** The Host the request named: which of the site's own addresses a passkey is asked for (auth/passkeys.ts). */
  host?: string | null;
  /**
   * Set instead of `user` and `session` when the site requires a second factor and the signed-in
   * account has none yet: only procedures marked `secondFactorSetup` see her (ProcedureMeta), and
   * nothing that checks `user` (files, previews, search) treats her as signed in.
   */
  restricted?: { user: SessionUser; session: Session } | null;
  /** False only for a request that carries a session cookie without the matching anti-forgery header. */
  csrfOk: boolean;
  cookies: CookieWriter;
  /** The caller's address, for throttling in memory only: never stored or logged. Null for direct calls. */
  clientIp: string | null;
  /** A coarse name of the caller's browser (auth/browser-name.ts), kept with a session it signs in. */
  browser?: string | null;
  /** The signed anonymous write budget the visitor's browser holds, if any (security/write-budget.ts). */
  writeBudget: string | null;
  /** How a search of this request waits its turn behind a shared address (search/admission.ts); unset for direct calls. */
  searchTurn?: SearchTurn;
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
  /** Reports the cache keys of what this request's answer read (src/server/cache/shared-cache.ts); set for HTTP requests. */
  cacheTags?(tags: readonly string[]): void;
}

export const noCookies: CookieWriter = { setSession() {}, clearSession() {}, setWriteBudget() {} };

/** The context of a direct call (tests, command-line tools, REST shims after their own checks). */
export function innerContext(deps: Deps, overrides: Partial<Omit<Context, keyof Deps>> = {}): Context {
  return { ...deps, lang: 'en', user: null, session: null, csrfOk: true, cookies: noCookies, clientIp: null, writeBudget: null, ...overrides };
}
