/**
 * The fields of a search, as the search forms post them and as `GET /search?…` names them. A posted
 * search's fields travel to the browser in a script element of this id, so the page hydrates with
 * the results it was rendered with although its address holds no query.
 */
export const searchFields = ['q', 'type', 'country', 'page'] as const;
export const POSTED_SEARCH_ID = '__SEARCH__';

/**
 * A kept search's address: `/search/r/<token>`, where the token is opaque and lives a few minutes
 * (src/server/http/search-post.ts, decision 018). A results page has an address (so Back and
 * reload work without JavaScript) that holds nothing of what was looked for.
 */
export const keptSearchPath = (token: string) => `/search/r/${token}`;

/** The token of a kept search's address, or null for any other path. */
export function keptSearchToken(path: string): string | null {
  return /^\/search\/r\/([^/?#]+)\/?$/i.exec(path)?.[1] ?? null;
}

/** Tokens the server makes: 16 random bytes, base64url. */
export const KEPT_SEARCH_TOKEN = /^[A-Za-z0-9_-]{22}$/;
