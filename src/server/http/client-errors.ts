import type { ErrorRequestHandler, Request } from 'express';
import { message } from '../../shared/messages.ts';
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

/** The last handler: client errors answer their 4xx with one log line; anything else is a 500 with its stack. */
export function errorHandler(deps: Deps): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = clientErrorStatus(error);
    if (status) console.warn(refusalLine(req, status, error));
    else console.error(`${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return;
    let lang: 'en' | 'fa' = 'en';
    try {
      lang = requestContext(deps, req, res).lang;
    } catch {
      /* a request too broken to read its language is answered in English */
    }
    res.status(status ?? 500).json({ success: false, message: message(lang, status ? 'badRequest' : 'serverError') });
  };
}
