import express, { type Request, type RequestHandler, type Response } from 'express';
import { FORM_FIELD } from '../../shared/form-posts.ts';
import { isLanguage } from '../../shared/locale.ts';
import { searchInput } from '../../shared/schemas/search.ts';
import { keptSearchPath, searchFields } from '../../shared/search-address.ts';
import { clockOf } from '../publication/clock.ts';
import type { Deps } from '../trpc/context.ts';
import { browserKeyOf, giveBrowserKey, isToken, keptSearchId, newToken, ownerOf, seal, unseal } from './kept-search.ts';
import type { PageRenderer } from './render.ts';

/**
 * The site's search forms post to /search, so what a reader looked for never enters an address:
 * not the address bar, not the browser's history, not a proxy's or a reverse proxy's log. The
 * search is kept a few minutes, sealed, under an opaque token bound to this browser
 * (kept-search.ts), and the answer is a 303 to `/search/r/<token>`: the results page then has an
 * address, so Back from a result and a reload work without JavaScript (a posted page cannot be
 * shown again without posting again), and that address, its title and the browser's history hold
 * no word of the search (decision 018). The page's script asks for a token the same way, as JSON.
 *
 * A post to /search from the newsletter form in the page's footer goes on to the form route.
 * `GET /search?q=` keeps working for links made elsewhere.
 */
const PRIVATE = 'private, no-store';

/** The fields worth keeping, in one order, checked as the search procedure checks them; null when refused. */
function keptFields(body: Record<string, unknown>): { fields: URLSearchParams; q: string } | null {
  const posted = Object.fromEntries(searchFields.map((name) => [name, typeof body[name] === 'string' ? body[name] : undefined]));
  const checked = searchInput.safeParse(posted);
  if (!checked.success) return null;
  const { q, type, country, page } = checked.data;
  const fields = new URLSearchParams({ q });
  if (type) fields.set('type', type);
  if (country) fields.set('country', country);
  if (page > 1) fields.set('page', String(page));
  return { fields, q };
}

/** The posted fields as they came, for the page that says what is wrong with them. */
function postedFields(body: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of searchFields) {
    const value = body[name];
    if (typeof value === 'string' && value !== '') search.set(name, value);
  }
  return search;
}

/** `?lang=` of the form's action, carried to the page the answer leads to. */
const languageSuffix = (req: Request) => (isLanguage(req.query.lang) ? `?lang=${req.query.lang}` : '');

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

async function keep(deps: Deps, req: Request, res: Response, fields: URLSearchParams): Promise<string | null> {
  const token = newToken();
  const sealed = seal(fields, giveBrowserKey(deps, req, res), token);
  try {
    return (await deps.guards.keptSearches.put({ id: keptSearchId(token), sealed, ...ownerOf(req) }, clockOf(deps).now().getTime())) ? token : null;
  } catch {
    // A shared store that cannot be reached: the search is still answered, only not kept.
    console.error('kept searches: store failed');
    return null;
  }
}

export function searchPostRoute(deps: Deps, pages: PageRenderer): RequestHandler {
  // A query is at most 200 characters; a few kilobytes hold every field with room to spare.
  const urlencoded = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });
  return (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) return next();
    urlencoded(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body[FORM_FIELD] !== undefined) return next();
      res.setHeader('Cache-Control', PRIVATE);
      const json = wantsJson(req);
      const checked = keptFields(body);
      if (!checked?.q) {
        if (json) return void res.status(422).json({ token: null });
        // An empty box: the empty search page. A query over the limit: the page that says so, not kept.
        if (checked) return res.redirect(303, `/search${languageSuffix(req)}`);
        return void pages.send(req, res, { search: postedFields(body) }).catch(next);
      }
      keep(deps, req, res, checked.fields)
        .then((token) => {
          if (json) return void (token ? res.json({ token }) : res.status(503).json({ token: null }));
          if (token) return res.redirect(303, `${keptSearchPath(token)}${languageSuffix(req)}`);
          // Not kept: the results themselves, as a posted page (Back then asks to post again).
          return pages.send(req, res, { search: checked.fields });
        })
        .catch(next);
    });
  };
}

/**
 * `GET /search/r/<token>`: the kept search, for the browser that made it, as the results page
 * (or as JSON for the page's script after a reload). From any other browser, or once it has
 * expired, the empty search page (or 404): never the words, never the results.
 */
export function keptSearchRoute(deps: Deps, pages: PageRenderer): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE);
    const token = req.params.token;
    const browserKey = browserKeyOf(req);
    const opened =
      isToken(token) && browserKey
        ? deps.guards.keptSearches.get(keptSearchId(token), clockOf(deps).now().getTime()).then((sealed) => (sealed ? unseal(sealed, browserKey, token) : null))
        : Promise.resolve(null);
    opened
      .then((fields) => {
        if (wantsJson(req)) return void res.status(fields ? 200 : 404).json({ fields: fields ? String(fields) : null });
        return pages.send(req, res, { search: fields ?? new URLSearchParams() });
      })
      .catch(next);
  };
}
