import fs from 'node:fs';
import type { Request } from 'express';
import { rememberedByString } from '../cache/memo.ts';
import { isSearchRequest } from '../search/requests.ts';

/** Admin screens and editors' previews stay client-only: their data is private and they are never shared. */
export const CLIENT_ONLY = /^\/(setup|admin|preview)(\/|$)|^\/login\/./i;

/** The built renderer's canonical page address (`pageAddress` of src/client/entry-server.tsx). */
export type PageAddressOf = (pathname: string, search: string) => string;

/**
 * The canonical addresses of one build's pages (src/client/pages/public/page-addresses.ts): the
 * key a page is cached under and the address it is rendered from. Null until the renderer is
 * loaded (its route table says what each page reads), for the editors' panel (a shell that is not
 * kept), and for the build's own files, which express.static answers before any page.
 */
export function pageAddresses(clientDir: string) {
  const entries = fs.existsSync(clientDir) ? fs.readdirSync(clientDir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.')) : [];
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `/${entry.name}/`);
  let addressOf: ((pathAndQuery: string, parts: [path: string, query: string]) => string) | null = null;
  return {
    /** Called once the renderer has loaded (a build without the function keeps pages uncached, as before it existed). */
    use(fn: PageAddressOf | undefined) {
      // A pure function of the path and query: remembered, so a cached page's hit does not work it out
      // again. Only an address that is its own canonical form is kept: one that loses something on
      // the way (a token in a link, a parameter nobody reads) may hold what must not stay in memory,
      // and so may a search's, whose canonical form keeps its words.
      addressOf = fn
        ? rememberedByString((_key, [path, query]: [string, string]) => fn(path, query), {
            keep: (pathAndQuery, address) => (address === pathAndQuery || `${address}?` === pathAndQuery) && !isSearchRequest(pathAndQuery),
          })
        : null;
    },
    of(req: Request): string | null {
      const path = req.path;
      if (!addressOf || CLIENT_ONLY.test(path) || files.has(path) || folders.some((folder) => path.startsWith(folder))) return null;
      const queryAt = req.originalUrl.indexOf('?');
      const query = queryAt < 0 ? '' : req.originalUrl.slice(queryAt + 1);
      return addressOf(`${path}?${query}`, [path, query]);
    },
  };
}
