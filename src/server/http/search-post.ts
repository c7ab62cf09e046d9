import express, { type RequestHandler } from 'express';
import { FORM_FIELD } from '../../shared/form-posts.ts';
import { searchFields } from '../../shared/search-address.ts';
import type { PageRenderer } from './render.ts';

/**
 * The site's search forms post to /search, so what a reader looked for never enters an address:
 * not the address bar, not the browser's history, not a proxy's or a reverse proxy's log. The
 * answer is the results page itself (no redirect, which would need the query in its address),
 * never stored by any cache. A post to /search from the newsletter form in the page's footer goes
 * on to the form route. `GET /search?q=` keeps working for links made elsewhere.
 *
 * A search stores nothing, so a post from another site is answered like any other: it only shows
 * results to the browser that sent it.
 */
export function searchPostRoute(pages: PageRenderer): RequestHandler {
  // A query is at most 200 characters; a few kilobytes hold every field with room to spare.
  const urlencoded = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });
  return (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) return next();
    urlencoded(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body[FORM_FIELD] !== undefined) return next();
      const search = new URLSearchParams();
      for (const name of searchFields) {
        const value = body[name];
        if (typeof value === 'string' && value !== '') search.set(name, value);
      }
      res.setHeader('Cache-Control', 'no-store');
      pages.send(req, res, { search }).catch(next);
    });
  };
}
