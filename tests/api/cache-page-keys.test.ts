import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makeGallery, makePost } from '../factories/public-content.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { pageRenders, sourcePages } from '../setup/source-pages.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
let server: TestServer;
beforeAll(async () => {
  deps = createTestDeps();
  // 30 news items: three list pages of 13.
  // 30 news items (three list pages of 13), 15 of them top news: copies of one made by its procedure.
  const first = await makePost(deps, 'news');
  const [row] = await deps.db.select().from(posts).where(eq(posts.id, first.id));
  const { id: _id, ...original } = row!;
  const copies = Array.from({ length: 29 }, (_, index) => {
    const i = index + 1;
    return { ...original, category: i % 2 ? 'top' : null, createdAt: new Date(original.createdAt.getTime() + i) };
  });
  await deps.db.transaction((tx) => tx.insert(posts).values(copies));
  await makeGallery(deps);
  server = await startServer(deps, { clientDir: sourcePages(deps) });
  // The renderer loads once, before the first page it renders.
  expect((await fetch(`${server.url}/about`)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await deps?.cleanup();
});

const get = (address: string, headers: Record<string, string> = {}) => fetch(server.url + address, { headers, redirect: 'manual' });

/** Asks for each address in turn; resolves to the renders they cost, the entries they added and their answers. */
async function cost(addresses: string[], headers: Record<string, string> = {}) {
  const [renders, entries] = [pageRenders(), deps.cache.responses.size];
  const answers = [];
  for (const address of addresses) {
    const response = await get(address, headers);
    answers.push({ address, status: response.status, location: response.headers.get('location'), body: await response.text() });
  }
  return { renders: pageRenders() - renders, entries: deps.cache.responses.size - entries, answers };
}

describe('a page asked for with parameters it does not read, or spelled otherwise', () => {
  it.each([
    ['the home page', ['/', '/?n=1', '/?n=2', '/?utm_source=newsletter&n=3', '/?page=7', '/?lang=xx']],
    [
      'a list',
      ['/latestnews', '/LatestNews/', '/latestnews?page=1', '/latestnews?page=01&n=4', '/latestnews?category=no-such&country=nowhere', '/latestnews?n=5'],
    ],
    ['a list filtered', ['/latestnews?category=top&page=2', '/latestnews?page=2&category=top&n=6', '/latestNews?page=002&category=top']],
    ['a detail page', ['/news/1', '/news/01', '/NEWS/1/', '/news/1?n=7']],
    ['an item id no item can have', ['/news/abc', '/news/0', '/news/00?n=8', '/news/-1', '/news/2147483648', '/news/999999999999999']],
    ['addresses no page answers', ['/no-such-page', '/no/such/page?n=9', '/sent/no-such-form', '/wp-login.php']],
  ])('%s is rendered once and kept once', async (_name, addresses) => {
    const { renders, entries, answers } = await cost(addresses);
    expect(renders).toBe(1);
    expect(entries).toBe(1);
    for (const answer of answers) expect(answer.body, answer.address).toBe(answers[0]!.body);
  });

  it('is rendered from the address it is the same as, so nothing of what was asked reaches the page', async () => {
    const { answers } = await cost(['/latestnews?page=2&utm_campaign=SomeoneElsesMarker']);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.body).not.toContain('SomeoneElsesMarker');
    expect(answers[0]!.body).toContain('href="/latestnews?page=3"');
  });

  it('keeps each language apart', async () => {
    const persian = await cost(['/no-such-page?lang=fa', '/other-missing-page?lang=fa&n=10'], { cookie: 'lang=fa' });
    expect(persian.renders).toBe(1);
    expect(persian.answers.map((answer) => answer.status)).toEqual([404, 404]);
    expect(persian.answers[0]!.body).toContain('lang="fa"');
  });
});

describe('a list page far past the last one', () => {
  it.each([
    ['/latestnews?page=999', '/latestnews?page=3'],
    ['/latestnews?page=1000000&n=11', '/latestnews?page=3'],
    ['/latestnews?category=top&page=77', '/latestnews?page=2&category=top'],
    ['/gallery?page=5', '/gallery'],
    ['/legal-awareness?page=2', '/legal-awareness'],
  ])('%s sends the reader to the last page (%s) without rendering or keeping anything', async (address, last) => {
    const { renders, entries, answers } = await cost([address, address]);
    expect(renders).toBe(0);
    expect(entries).toBe(0);
    for (const answer of answers) expect([answer.status, answer.location]).toEqual([302, last]);
  });
});

describe('a crowd asking at once for a page no cache holds yet (a cold start, a page just changed)', () => {
  it('costs one render: the others wait for it and are sent the same answer, each in the coding she asked for', async () => {
    const renders = pageRenders();
    const codings = ['br', 'gzip', 'identity'];
    const answers = await Promise.all(
      Array.from({ length: 24 }, async (_, n) => {
        const response = await get(`/latestnews?page=3&n=${n}`, { 'accept-encoding': codings[n % 3]! });
        return { status: response.status, coding: response.headers.get('content-encoding'), body: await response.text() };
      }),
    );
    expect(pageRenders() - renders).toBe(1);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.body).toContain('href="/latestnews?page=2"');
    expect(new Set(answers.map((answer) => answer.coding ?? 'identity'))).toEqual(new Set(codings));
  });
});
