import type { RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import { message } from '../../shared/messages.ts';
import { isSafeMethod } from '../auth/csrf.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { requestSource } from '../security/request-source.ts';
import type { Deps } from '../trpc/context.ts';
import { requestContext } from './request-context.ts';

/**
 * Anonymous writes to the API (contact messages, stories, subscriptions, uploads, sign-in) that a
 * browser says come from another site are refused before their body is read: a hostile page must
 * not make a visitor's browser send a story from the visitor's connection, or spend the visitor's
 * budget of submissions. An opaque `Origin: null` is refused too: the site's own pages always name
 * their origin. Requests that name no source at all (curl, scripts, the original API's tools) go
 * on. Writes with a session cookie already need the double-submit header (419 without it).
 * The no-JavaScript form posts make the same check with a page as the answer (src/server/forms).
 */
export function refuseCrossSiteWrites(deps: Deps): RequestHandler {
  return async (req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    if (parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]) return next();
    const source = requestSource(req, deps.env);
    if (source === 'same-origin' || (source === 'unknown' && req.get('origin') === undefined)) return next();
    const { lang } = await requestContext(deps, req, res);
    res.status(403).json({ success: false, message: message(lang, 'crossSiteRefused') });
  };
}
