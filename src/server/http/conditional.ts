import type { RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Deps } from '../trpc/context.ts';
import { runtimeFor } from '../security/runtime.ts';

/**
 * The version of everything a visitor can read: the in-process change counter (bumped by every
 * successful mutation and by housekeeping) plus SQLite's data_version (bumped when another
 * process, such as a command-line tool, commits to the file).
 */
export function contentVersion(deps: Deps): string {
  const dataVersion = deps.db.$client.pragma('data_version', { simple: true }) as number;
  return `${runtimeFor(deps.db, deps.env).bootId}.${runtimeFor(deps.db, deps.env).changes}.${dataVersion}`;
}

/**
 * ETag revalidation for anonymous GETs: the same URL at the same content version has the same
 * body, so a reader's browser (or a proxy) revalidates with one tiny 304 instead of a download.
 * Editors' requests (with a session cookie) are never cached.
 */
export function conditionalGet(deps: Deps): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]) {
      res.setHeader('Cache-Control', 'private, no-store');
      return next();
    }
    const lang = req.get('x-lang') ?? parseCookies(req.headers.cookie ?? '').lang ?? req.get('accept-language')?.slice(0, 2) ?? '';
    const etag = `W/"${contentVersion(deps)}-${lang}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Cookie, X-Lang, Accept-Language, Accept-Encoding');
    const presented = req.get('if-none-match');
    if (presented && presented.split(',').some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return;
    }
    next();
  };
}
