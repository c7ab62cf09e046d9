import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { addresses } from '../../src/server/cache/addresses.ts';
import { pageAddresses } from '../../src/server/http/page-address.ts';

const request = (originalUrl: string) => {
  const queryAt = originalUrl.indexOf('?');
  const path = queryAt < 0 ? originalUrl : originalUrl.slice(0, queryAt);
  return { originalUrl, path, query: {} } as unknown as Request;
};

/** Asks for each address twice; returns how many times each was worked out. */
function workedOut(of: (req: Request) => string | null, calls: string[], urls: string[]): Record<string, number> {
  for (const url of urls) for (let time = 0; time < 2; time++) of(request(url));
  return Object.fromEntries(urls.map((url) => [url, calls.filter((call) => call === url).length]));
}

describe('addresses remembered for the cache, and what is never kept', () => {
  it('keeps public reads’ keys, never a search’s address nor one that names no public read (a token, say)', () => {
    const calls: string[] = [];
    const surfaces = addresses({
      trpc: (url) => (calls.push(url), url.includes('nothing') ? null : `key ${url}`),
      rest: (path) => (calls.push(`/api${path}`), path === '/news' ? `key ${path}` : null),
      feeds: () => null,
      page: () => null,
    });
    const trpcSearch = '/trpc/search.query?input=%7B%22json%22%3A%7B%22q%22%3A%22forced%20hijab%22%7D%7D';
    expect(
      workedOut(surfaces.any, calls, ['/trpc/news.list?input=%7B%7D', trpcSearch, '/trpc/nothing.here', '/api/news', '/api/search', '/api/newsletter/confirm']),
    ).toEqual({
      '/trpc/news.list?input=%7B%7D': 1,
      [trpcSearch]: 2,
      '/trpc/nothing.here': 2,
      '/api/news': 1,
      '/api/search': 2,
      '/api/newsletter/confirm': 2,
    });
  });

  it('keeps a page’s address only when it is its own canonical form and not a search', () => {
    const calls: string[] = [];
    const pages = pageAddresses('/nonexistent-client-build');
    pages.use((path, query) => {
      calls.push(query ? `${path}?${query}` : path);
      if (path.startsWith('/newsletter/confirm/')) return '/newsletter/confirm/token';
      if (query === 'page=02') return `${path}?page=2`;
      return query ? `${path}?${query}` : path;
    });
    expect(
      workedOut((req) => pages.of(req), calls, [
        '/news/5',
        '/latestnews?page=2',
        '/latestnews?page=02',
        '/search?q=forced%20hijab',
        '/newsletter/confirm/s3cret',
      ]),
    ).toEqual({ '/news/5': 1, '/latestnews?page=2': 1, '/latestnews?page=02': 2, '/search?q=forced%20hijab': 2, '/newsletter/confirm/s3cret': 2 });
  });
});
