import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { repoRoot } from '../setup/paths.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * The real server renderer behind the real app: the page template of the repository and a
 * server entry that is the client's own entry-server.tsx (loaded through Vitest, so no build).
 */
let deps: TestDeps;
let server: TestServer;
beforeAll(async () => {
  deps = createTestDeps();
  const clientDir = path.join(deps.dir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'index.html'), path.join(clientDir, 'index.html'));
  fs.mkdirSync(path.join(deps.dir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(deps.dir, 'server', 'entry-server.js'),
    `export { render } from ${JSON.stringify(path.join(repoRoot, 'src/client/entry-server.tsx'))};\n`,
  );
  server = await startServer(deps, { clientDir });
});
afterAll(async () => {
  await server?.close();
  await deps?.cleanup();
});

type Hint = string | undefined;
interface Combination {
  query: Hint;
  header: Hint;
  cookie: Hint;
  acceptLanguage: Hint;
}

/** The documented order: ?lang, X-Lang, the lang cookie, then the first Accept-Language preference, else English. */
function expectedLanguage(c: Combination): 'en' | 'fa' {
  for (const hint of [c.query, c.header, c.cookie]) if (hint === 'en' || hint === 'fa') return hint;
  return c.acceptLanguage?.split(',')[0]?.trim().toLowerCase().startsWith('fa') ? 'fa' : 'en';
}

const values = {
  query: [undefined, 'en', 'fa', 'de'],
  header: [undefined, 'en', 'fa', 'FA'],
  cookie: [undefined, 'en', 'fa', 'xx'],
  acceptLanguage: [undefined, 'en-US,en;q=0.9', 'fa-IR,fa;q=0.9,en;q=0.8', 'de-DE,fa;q=0.5'],
};
const combinations: Combination[] = values.query.flatMap((query) =>
  values.header.flatMap((header) =>
    values.cookie.flatMap((cookie) => values.acceptLanguage.map((acceptLanguage) => ({ query, header, cookie, acceptLanguage }))),
  ),
);

function request(c: Combination, pathname: string): [string, Record<string, string>] {
  const url = c.query === undefined ? pathname : `${pathname}${pathname.includes('?') ? '&' : '?'}lang=${c.query}`;
  const headers: Record<string, string> = {};
  if (c.header !== undefined) headers['x-lang'] = c.header;
  if (c.cookie !== undefined) headers.cookie = `lang=${c.cookie}`;
  if (c.acceptLanguage !== undefined) headers['accept-language'] = c.acceptLanguage;
  return [url, headers];
}

async function pageLanguage(c: Combination, pathname: string): Promise<string | undefined> {
  const [url, headers] = request(c, pathname);
  const response = await fetch(server.url + url, { headers });
  expect(response.status).toBe(200);
  return (await response.text()).match(/<html lang="([^"]*)"/)?.[1];
}

const notFoundIn = { [messages.newsNotFound.en]: 'en', [messages.newsNotFound.fa]: 'fa' } as Record<string, string>;

async function restLanguage(c: Combination): Promise<string | undefined> {
  const [url, headers] = request(c, '/api/news/999999');
  return notFoundIn[((await (await fetch(server.url + url, { headers })).json()) as { message: string }).message];
}

async function trpcLanguage(c: Combination): Promise<string | undefined> {
  const [url, headers] = request(c, `/trpc/news.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: 999999 } }))}`);
  return notFoundIn[((await (await fetch(server.url + url, { headers })).json()) as { error: { json: { message: string } } }).error.json.message];
}

const describeCombination = (c: Combination) =>
  `?lang=${c.query ?? '-'} X-Lang=${c.header ?? '-'} cookie=${c.cookie ?? '-'} Accept-Language=${c.acceptLanguage ?? '-'}`;

describe(`the language of a request, in all ${combinations.length} combinations of ?lang, X-Lang, the lang cookie and Accept-Language`, () => {
  it.each(combinations.map((c, index) => [describeCombination(c), index, c] as const))(
    '%s: the renderer, REST, tRPC and the cache key agree',
    async (name, index, c) => {
      const expected = expectedLanguage(c);
      const pathname = `/about?combination=${index}`;
      // This request renders the page and stores it under its cache key.
      expect(await pageLanguage(c, pathname), name).toBe(expected);
      expect(await restLanguage(c), name).toBe(expected);
      expect(await trpcLanguage(c), name).toBe(expected);
      // Then readers of the same address who send one input each (either language's cookie, or one
      // of this request's own inputs alone) get the language they asked for, whether the stored answer
      // is theirs or not: a key read from the inputs differently than the renderer reads them would
      // send one of them the stored page in the other language.
      const readers: Combination[] = [{ cookie: 'en' }, { cookie: 'fa' }, { header: c.header }, { cookie: c.cookie }, { acceptLanguage: c.acceptLanguage }].map(
        (hints) => ({ query: c.query, header: undefined, cookie: undefined, acceptLanguage: undefined, ...hints }),
      );
      for (const reader of readers) {
        expect(await pageLanguage(reader, pathname), `${name}, then ${describeCombination(reader)}`).toBe(expectedLanguage(reader));
      }
    },
  );
});

describe('the cached page', () => {
  it('cannot be poisoned: X-Lang en with Accept-Language fa, then an English reader, serves English', async () => {
    for (const [first, then] of [
      [{ 'x-lang': 'en', 'accept-language': 'fa-IR,fa;q=0.9' }, { 'accept-language': 'en-US,en;q=0.9' }],
      [{ 'x-lang': 'en', 'accept-language': 'fa-IR,fa;q=0.9' }, {}],
      [{ 'x-lang': 'fa', 'accept-language': 'en-US' }, { 'accept-language': 'en-US' }],
      [{ cookie: 'lang=en', 'accept-language': 'fa' }, { 'accept-language': 'en' }],
      [{ 'x-lang': 'fa', cookie: 'lang=en' }, { cookie: 'lang=en' }],
    ] as Record<string, string>[][]) {
      const pathname = `${server.url}/about?poison=${JSON.stringify(first)}`;
      await fetch(pathname, { headers: first });
      const body = await (await fetch(pathname, { headers: then })).text();
      expect(body, JSON.stringify(first)).toMatch(/<html lang="en" dir="ltr"/);
    }
  });
});

describe('a language link (?lang=) on a page already in the response cache', () => {
  const setCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith('lang='));

  it('still remembers the choice for a reader whose cookie holds the other language, or none', async () => {
    const pathname = `${server.url}/about?remember=1&lang=fa`;
    // A reader who already chose Persian fills the cache with this address (no cookie to set).
    for (let i = 0; i < 2; i++) {
      const warm = await fetch(pathname, { headers: { cookie: 'lang=fa' } });
      expect(setCookie(warm)).toBeUndefined();
    }
    for (const headers of [{ cookie: 'lang=en' }, {}] as Record<string, string>[]) {
      const response = await fetch(pathname, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(setCookie(response), JSON.stringify(headers)).toMatch(/^lang=fa;/);
      expect(await response.text()).toMatch(/<html lang="fa" dir="rtl"/);
    }
  });

  it('is never answered 304 without the cookie, whatever validator the browser kept', async () => {
    const pathname = `${server.url}/about?remember=2&lang=en`;
    const kept = (await fetch(pathname, { headers: { cookie: 'lang=en' } })).headers.get('etag');
    expect(kept).toBeTruthy();
    const response = await fetch(pathname, { headers: { cookie: 'lang=fa', 'if-none-match': kept! } });
    expect(response.status).toBe(200);
    expect(setCookie(response)).toMatch(/^lang=en;/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
  });
});
