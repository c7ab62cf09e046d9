import type { ErrorRequestHandler, Request } from 'express';
import { directionOf, type Language } from '../../shared/locale.ts';
import { message, type MessageKey } from '../../shared/messages.ts';
import { escapeHtml } from '../../shared/rich-text/render.ts';
import type { Deps } from '../trpc/context.ts';
import { requestContext } from './request-context.ts';

/**
 * The status of an error the client caused (a URL that is not valid percent-encoding, a body that
 * cannot be read, an aborted upload), or null for a fault of the server. Body parsers and the
 * router mark such errors with a 4xx `status`; a bad percent-escape surfaces as a URIError.
 */
export function clientErrorStatus(error: unknown): number | null {
  if (error instanceof URIError) return 400;
  if (!error || typeof error !== 'object') return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : null;
}

/**
 * One line about a refused request: anything a client can send cheaply must not fill the log with
 * stack traces. The path and reason are quoted (no line breaks a client could forge) and shortened.
 * The query string is left out: it can hold what a reader searched for, which is never logged.
 */
export function refusalLine(req: Pick<Request, 'method' | 'originalUrl'>, status: number, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const clip = (text: string, max: number) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  const path = req.originalUrl.split('?')[0]!;
  return `${status} ${req.method.slice(0, 16)} ${clip(path, 200)}: ${clip(reason, 200)}`;
}

/** Addresses answered by the API, feeds and files: a failure there is answered as data, never as a page. */
const NOT_PAGES = /^\/(api|trpc|storage|media|assets|rss|sitemap\.xml|robots\.txt|healthz|sanctum)(\/|$)/i;

/** A reader's browser asking for a page (not a script asking for data). */
function wantsPage(req: Request): boolean {
  return !NOT_PAGES.test(req.path) && req.accepts(['json', 'html']) === 'html';
}

/**
 * The page a reader gets when a page fails, or must wait: a title and a sentence in her language
 * saying what happened and what to do, a Try again link (to the same address, when it could be
 * read) and the home page. Self-contained (no script, no stylesheet to fetch), since something on
 * the normal path failed.
 */
export function failurePage(lang: Language, words: { title: MessageKey; sentence: MessageKey }, retry: string | null): string {
  const [title, sentence] = [message(lang, words.title), message(lang, words.sentence)];
  const link = 'color:#6b2155;font-weight:600';
  const links = [
    retry ? `<a href="${escapeHtml(retry)}" style="${link}">${message(lang, 'tryAgain')}</a>` : '',
    `<a href="/" style="${link}">${message(lang, 'homePage')}</a>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Tahoma,sans-serif;color:#1c1917;background:#fafaf9;line-height:1.7">
<main style="max-width:36rem;margin:0 auto;padding:4rem 1.25rem">
<h1 style="font-size:1.5rem;margin:0 0 1rem">${title}</h1>
<p role="alert" style="margin:0 0 1.5rem">${sentence}</p>
<p style="display:flex;gap:1.5rem;margin:0">${links.join('')}</p>
</main>
</body>
</html>`;
}

/**
 * The last handler: client errors answer their 4xx with one log line; anything else is a 500 with
 * its stack. A reader's browser gets a page in her language; a script gets the API's JSON.
 */
export function errorHandler(deps: Deps): ErrorRequestHandler {
  return async (error, req, res, _next) => {
    const status = clientErrorStatus(error);
    if (status) console.warn(refusalLine(req, status, error));
    else console.error(`${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return;
    let lang: Language = 'en';
    try {
      lang = (await requestContext(deps, req, res)).lang;
    } catch {
      /* a request too broken to read its language is answered in English */
    }
    res.status(status ?? 500);
    if (wantsPage(req)) {
      // Trying the same address again only helps when it could be read and was a plain visit.
      const retry = !status && req.method === 'GET' ? req.originalUrl : null;
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(failurePage(lang, { title: 'serverError', sentence: status ? 'addressUnreadable' : 'pageFailed' }, retry));
      return;
    }
    res.json({ success: false, message: message(lang, status ? 'badRequest' : 'serverError') });
  };
}
