import express, { type Request, type RequestHandler, type Response } from 'express';
import { confirmBase, isNewsletterToken, unsubscribeBase } from '../../shared/newsletter-paths.ts';
import { confirmSubscription, unsubscribe } from '../mail/subscriptions.ts';
import { arrivalTime } from '../security/submission-times.ts';
import type { Deps } from '../trpc/context.ts';
import { requestLanguage } from './request-language.ts';

/** Where a button's post lands, in the reader's language (post/redirect/get: a reload sends nothing again). */
const outcomePath = (outcome: 'confirmed' | 'unsubscribed' | 'expired', req: Request) => `/newsletter/done/${outcome}?lang=${requestLanguage(req)}`;

/**
 * A mail program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` and reads
 * only the status: it gets 200 and a line of text. A reader's button gets the page.
 */
const isOneClick = (req: Request) => (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';

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

/**
 * The posts of the confirmation and unsubscribe pages, and of mail programs' one-click
 * unsubscribe. The token in the address is what allows the change, so no session or form token is
 * asked for (a mail program has neither). Opening the links changes nothing (the page has the
 * button); tokens of the wrong shape are refused before any lookup.
 */
export function newsletterLinkRoutes(deps: Deps): express.Router {
  const router = express.Router();
  // Both encodings RFC 8058 allows; the body is small, and only its one field is read.
  const body: RequestHandler[] = [express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 })];

  router.post(`${confirmBase}/:token`, ...body, async (req, res, next) => {
    try {
      const token = String(req.params.token);
      const confirmed = isNewsletterToken(token) ? await confirmSubscription(deps.db, token, arrivalTime(deps.env)) : null;
      finish(req, res, confirmed ? 'confirmed' : 'expired');
    } catch (error) {
      next(error);
    }
  });

  router.post(`${unsubscribeBase}/:token`, ...body, async (req, res, next) => {
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
