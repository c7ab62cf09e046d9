import express from 'express';
import { message } from '../../shared/messages.ts';
import type { SearchHit, TextPart } from '../search/engine.ts';
import type { Deps } from '../trpc/context.ts';
import { xmlEscape } from '../http/feeds.ts';
import { endpoint, ok, query } from './endpoint.ts';
import { paginated } from './shapes.ts';

/** Marked parts as HTML: every character of the text escaped, only our own `<mark>` left as markup. */
const markedHtml = (parts: TextPart[]) => parts.map((part) => (part.mark ? `<mark>${xmlEscape(part.text)}</mark>` : xmlEscape(part.text))).join('');
const plain = (parts: TextPart[]) => parts.map((part) => part.text).join('');

export function searchShape(hit: SearchHit) {
  return {
    type: hit.type,
    id: hit.id,
    title: plain(hit.title),
    title_html: markedHtml(hit.title),
    title_lang: hit.titleLang,
    snippet: markedHtml(hit.snippet),
    snippet_lang: hit.snippetLang,
    date: hit.date,
    country: hit.country,
    image: hit.image,
  };
}

/** `GET /api/search?q=&page=&type=&country=&lang=`: public results as a Laravel paginator (docs/api.md). */
export function searchRoutes(deps: Deps) {
  const routes = express.Router();
  routes.get(
    '/search',
    endpoint(deps, async ({ req, ctx, caller }) => {
      const q = query(req, 'q');
      // The page shows an empty search as an empty page; an API caller is told what is missing.
      if (q === undefined || (typeof q === 'string' && !q.trim())) {
        const text = message(ctx.lang, 'searchEmpty');
        return { status: 422, body: { success: false, message: text, errors: { q: [text] } } };
      }
      const page = await caller.search.query({ q, page: query(req, 'page'), type: query(req, 'type'), country: query(req, 'country') });
      return ok(paginated(page, searchShape));
    }),
  );
  return routes;
}
