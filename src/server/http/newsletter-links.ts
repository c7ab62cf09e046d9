import express, { type Request, type RequestHandler, type Response } from 'express';
import { FORM_FIELD, isFormName } from '../../shared/form-posts.ts';
import { confirmBase, isNewsletterToken, unsubscribeBase } from '../../shared/newsletter-paths.ts';
import { confirmSubscription, unsubscribe } from '../mail/subscriptions.ts';
import { arrivalTime } from '../security/submission-times.ts';
import type { Deps } from '../trpc/context.ts';
import { clientLeft, loadMulter } from '../uploads/multer.ts';
import { requestLanguage } from './request-language.ts';

/** Where a button's post lands, in the reader's language (post/redirect/get: a reload sends nothing again). */
const outcomePath = (outcome: 'confirmed' | 'unsubscribed' | 'expired', req: Request) => `/newsletter/done/${outcome}?lang=${requestLanguage(req)}`;

/**
 * A mail program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` and reads
 * only the status: it gets 200 and a line of text. A reader's button gets the page.
 */
const isOneClick = (req: Request) => (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';

/**
 * The footer's subscribe form, posted (without JavaScript) to the page it is on, as every page's
 * is: it goes on to the forms' route (src/server/forms), and presses no button of this page.
 */
const isSiteForm = (req: Request) => isFormName((req.body as Record<string, unknown> | undefined)?.[FORM_FIELD]);

function finish(req: Request, res: Response, outcome: 'confirmed' | 'unsubscribed' | 'expired') {
  res.setHeader('Cache-Control', 'no-store');
  if (isOneClick(req)) {
    res
      .status(200)
      .type('text/plain')
      .send(outcome === 'unsubscribed' ? 'Unsubscribed.\n' : 'Nothing to unsubscribe.\n');
    return;
  }
  res.redirect(303, outcomePath(outcome, req));
}

const BODY_LIMIT = 2048;
let multipart: RequestHandler | null = null;

/**
 * A multipart body of a few short fields, as the urlencoded one: a longer one is refused before it
 * is read, and one that breaks the limits or the format is the client's error (413, 400), not ours.
 */
const multipartFields: RequestHandler = async (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) return next(Object.assign(new Error('Body too large'), { status: 413 }));
  const multer = await loadMulter();
  if (clientLeft(req)) return next(Object.assign(new Error('Client went away'), { status: 400 }));
  multipart ??= multer({ limits: { fields: 5, fieldNameSize: 100, fieldSize: 100, files: 0, parts: 5, headerPairs: 20 } }).none();
  multipart(req, res, (error: unknown) => {
    if (!error) return next();
    const tooMuch = error instanceof multer.MulterError && error.code !== 'LIMIT_UNEXPECTED_FILE';
    next(Object.assign(error instanceof Error ? error : new Error(String(error)), { status: tooMuch ? 413 : 400 }));
  });
};

/**
 * The posts of the confirmation and unsubscribe pages, and of mail programs' one-click
 * unsubscribe. The token in the address is what allows the change, so no session or form token is
 * asked for (a mail program has neither). Opening the links changes nothing (the page has the
 * button); tokens of the wrong shape are refused before any lookup.
 */
export function newsletterLinkRoutes(deps: Deps): express.Router {
  const router = express.Router();
  // Both encodings RFC 8058 allows (multipart/form-data is the one it recommends); the body is
  // small, and only its one field is read.
  const body: RequestHandler[] = [express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 5 }), multipartFields];

  router.post(`${confirmBase}/:token`, ...body, async (req, res, next) => {
    if (isSiteForm(req)) return next();
    try {
      const token = String(req.params.token);
      const confirmed = isNewsletterToken(token) ? await confirmSubscription(deps.db, token, arrivalTime(deps.env)) : null;
      finish(req, res, confirmed ? 'confirmed' : 'expired');
    } catch (error) {
      next(error);
    }
  });

  router.post(`${unsubscribeBase}/:token`, ...body, async (req, res, next) => {
    if (isSiteForm(req)) return next();
    try {
      const token = String(req.params.token);
      if (isNewsletterToken(token)) await unsubscribe(deps.db, token, arrivalTime(deps.env));
      // A used or unknown token: the reader is not on the list either way, which is what was asked.
      finish(req, res, 'unsubscribed');
    } catch (error) {
      next(error);
    }
  });
  return router;
}
