import type { Request, Response } from 'express';
import { browserName } from '../auth/browser-name.ts';
import { parse as parseCookies } from 'cookie';
import { CSRF_COOKIE, CSRF_HEADER, csrfTokensMatch, generateCsrfToken, isSafeMethod } from '../auth/csrf.ts';
import { hasSessionTokenShape, SESSION_COOKIE, validateSessionToken } from '../auth/sessions.ts';
import { secondFactorRequired } from '../auth/second-factor-policy.ts';
import { isHttps } from '../env.ts';
import { sessionPolicy } from '../routers/auth.ts';
import { readWriteBudget, WRITE_BUDGET_COOKIE, WRITE_BUDGET_SECONDS } from '../security/write-budget.ts';
import type { Context, CookieWriter, Deps, SearchTurn } from '../trpc/context.ts';
import { isSearchOnly } from '../search/requests.ts';
import { answersEveryoneAlike } from './everyone-alike.ts';
import { requestLanguage } from './request-language.ts';
import { keepOutOfCache } from '../cache/http.ts';
import { noteCacheTags } from '../cache/shared-cache.ts';

function cookieWriter(deps: Deps, res: Response): CookieWriter {
  const secure = isHttps(deps.env);
  return {
    setSession(token, expiresAt) {
      res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
    },
    clearSession() {
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    },
    setSignIn(name, value, expiresAt) {
      // Strict: only this site's own pages ever send it back, and only for the minutes it lives.
      res.cookie(name, value, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: expiresAt });
    },
    clearSignIn(name) {
      res.clearCookie(name, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
    },
    setWriteBudget(value) {
      res.cookie(WRITE_BUDGET_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: WRITE_BUDGET_SECONDS * 1000 });
    },
  };
}

/** Sets the script-readable anti-forgery cookie (Sanctum's XSRF-TOKEN) and returns its value. */
export function issueCsrfCookie(deps: Deps, res: Response, existing?: string): string {
  const token = existing ?? generateCsrfToken();
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: isHttps(deps.env), path: '/' });
  return token;
}

/**
 * Who a request comes from, as the limits on anonymous work (writes, uploads, searches) count her:
 * her address and any anonymous budget her browser holds, kept in memory only, never stored or
 * logged. Server-rendered pages run their reads as this visitor too (http/render.ts).
 */
export function visitorOf(deps: Deps, req: Request, res: Response): Pick<Context, 'clientIp' | 'writeBudget' | 'cookies' | 'cacheTags' | 'searchTurn'> {
  const cookies = parseCookies(req.headers.cookie ?? '');
  return {
    clientIp: req.ip ?? null,
    writeBudget: readWriteBudget(deps.keys.writeBudget, cookies[WRITE_BUDGET_COOKIE]),
    searchTurn: searchTurnOf(req, res),
    cookies: cookieWriter(deps, res),
    cacheTags: (tags) => noteCacheTags(res, tags),
  };
}

function searchTurnOf(req: Request, res: Response): SearchTurn {
  return {
    alone: () => isSearchOnly(req.originalUrl),
    gone: (leave) => void res.once('close', leave),
  };
}

/**
 * The per-request context shared by tRPC and the REST shims: language, session (with sliding
 * expiry written back to the cookie; not looked up for a request everyoneAlikeReads marked) and the
 * anti-forgery verdict. Computed once per request:
 * callers during the same request share the one lookup.
 */
export function requestContext(deps: Deps, req: Request, res: Response): Promise<Context> {
  const cached = res.locals.context as Promise<Context> | undefined;
  if (cached) return cached;
  const context = buildContext(deps, req, res);
  res.locals.context = context;
  // A lookup that failed is not kept: a later caller (the error handler) tries again.
  context.catch(() => {
    if (res.locals.context === context) res.locals.context = undefined;
  });
  return context;
}

async function buildContext(deps: Deps, req: Request, res: Response): Promise<Context> {
  const cookies = parseCookies(req.headers.cookie ?? '');
  const lang = requestLanguage(req);
  const writer = cookieWriter(deps, res);
  const token = cookies[SESSION_COOKIE];
  const hasSessionCookie = Boolean(token);
  const csrfOk = isSafeMethod(req.method) || !hasSessionCookie || csrfTokensMatch(cookies[CSRF_COOKIE], req.get(CSRF_HEADER));
  // Issued by /sanctum/csrf-cookie, with any write (a login, say) and with any request that carries a
  // session cookie, so a signed-in editor always holds one; anonymous reads stay identical, hence cacheable.
  if (!cookies[CSRF_COOKIE] && (hasSessionCookie || !isSafeMethod(req.method))) issueCsrfCookie(deps, res);

  let context: Context = {
    ...deps,
    lang,
    user: null,
    session: null,
    signInCookies: { sign_in: cookies.sign_in, passkey: cookies.passkey },
    host: req.get('host') ?? null,
    csrfOk,
    cookies: writer,
    clientIp: req.ip ?? null,
    browser: browserName(req.get('user-agent')),
    writeBudget: readWriteBudget(deps.keys.writeBudget, cookies[WRITE_BUDGET_COOKIE]),
    searchTurn: searchTurnOf(req, res),
    keepOutOfCache: () => keepOutOfCache(res),
    cacheTags: (tags) => noteCacheTags(res, tags),
  };
  if (token && !hasSessionTokenShape(token)) writer.clearSession();
  // An answer that is the same whoever asks has no use for who she is: no statement is spent on it,
  // and its session neither slides nor, if it has ended, is cleared here (the next request that
  // needs it does both).
  else if (token && !answersEveryoneAlike(res)) context = { ...context, ...(await signInOf(deps, token, writer)) };
  return context;
}

/**
 * Who a session cookie's token signs in: `user` and `session`, or `restricted` while the site
 * requires a second factor she has not added, or nobody (the cookie is then cleared). Her session
 * slides on, written back to the cookie when it moved.
 */
export async function signInOf(deps: Deps, token: string, writer: CookieWriter): Promise<Pick<Context, 'user' | 'session' | 'restricted'>> {
  const found = await validateSessionToken(deps.db, token, sessionPolicy(deps.env));
  if (!found) {
    writer.clearSession();
    return { user: null, session: null };
  }
  if (found.refreshed) writer.setSession(token, found.session.expiresAt);
  const signedIn = { user: found.user, session: found.session };
  return !found.hasSecondFactor && (await secondFactorRequired(deps.db)) ? { user: null, session: null, restricted: signedIn } : signedIn;
}

/** Whether the request's session cookie signs in an account with every step done (signInOf's `user`). */
export async function signedInBy(deps: Deps, req: Request, res: Response): Promise<boolean> {
  const token = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
  if (!token || !hasSessionTokenShape(token)) return false;
  return (await signInOf(deps, token, cookieWriter(deps, res))).user !== null;
}
