import type { Request, Response } from 'express';
import superjson from 'superjson';
import { message } from '../../shared/messages.ts';
import { failurePage } from './client-errors.ts';
import { requestLanguage } from './request-language.ts';

/**
 * The answer to a visitor who must slow down (http/visitor-work.ts): 429 with Retry-After, in her
 * language and in the shape of what she asked for (a page, the API's JSON, a tRPC error, text).
 * It must cost the server as little as it can: never compressed (no-transform), and complete in
 * itself, since it may be sent before the security headers' middleware has run.
 */
export function slowDown(req: Request, res: Response, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const lang = requestLanguage(req);
  const text = message(lang, 'slowDown');
  res.setHeader('Retry-After', String(seconds));
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  res.status(429);
  const path = req.originalUrl.split('?')[0]!;
  if (/^\/trpc\//i.test(path)) {
    const error = { message: text, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, fieldErrors: null, retryAfter: seconds } };
    res.json({ error: superjson.serialize(error) });
  } else if (/^\/api(\/|$)/i.test(path)) res.json({ success: false, message: text });
  else if (/^\/(rss\/|sitemap\.xml)/i.test(path)) res.type('text/plain').send(text);
  else res.type('html').send(failurePage(lang, { title: 'slowDownTitle', sentence: 'slowDown' }, req.method === 'GET' ? req.originalUrl : null));
}
