import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makeContent } from '../factories/index.ts';
import { siteForEachTest } from '../setup/per-test.ts';

const site = siteForEachTest();

const trpc = (input: unknown, extra = '') => `/trpc/news.list?input=${encodeURIComponent(JSON.stringify(input))}${extra}`;
const trpcBatch = (input: unknown, extra = '') => `/trpc/news.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}${extra}`;

/** Requests one address after the other (in this order: the first is answered by the procedure, the rest should not be). */
async function readAll(addresses: string[]) {
  const answers = [];
  for (const address of addresses) {
    const response = await fetch(site.server.url + address);
    answers.push({ address, status: response.status, body: await response.text() });
  }
  return answers;
}

/** Stored answers: a read the cache already holds under another spelling adds none. */
const entries = () => site.deps.cache.responses.size;

/** Changes a title behind the procedures' back: an answer still showing the old one came from the cache. */
async function retitleQuietly(id: number) {
  await site.deps.db.transaction((tx) =>
    tx
      .update(posts)
      .set({ titleEn: 'Changed behind the cache', updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, id)),
  );
}

/** Spellings of one read, each a different address for the same answer. */
const spellings: [name: string, addresses: string[]][] = [
  [
    'a REST list',
    [
      '/api/news?page=1',
      '/api/news',
      '/api/news?page=01',
      '/api/news?n=1',
      '/api/news?page=1&utm_source=feed',
      '/api/NEWS/?page=1',
      '/api/news?page=+1',
      '/api/news?lang=en&page=1',
    ],
  ],
  ['a REST detail', ['/api/news/:id', '/api/news/0:id', '/api/news/:id?n=2', '/api/news/:id?page=3']],
  [
    'a tRPC query',
    [
      trpc({ json: { page: 1 } }),
      trpc({ json: {} }),
      trpc({ json: { pageSize: 12, page: 1 } }),
      trpc({ json: { page: 1, junk: 'x' } }),
      trpc({ json: { page: 1 } }, '&n=3'),
      trpc({ json: { page: 1 } }, '&lang=en'),
    ],
  ],
  ['a tRPC batch', [trpcBatch({ json: { page: 1 } }), trpcBatch({ json: { page: 1, junk: 1 } }), trpcBatch({ json: {} }, '&n=4')]],
  ['a feed', ['/rss/en/news.xml', '/rss/en/news.xml?n=5', '/RSS/en/news.xml?utm_source=x']],
  ['the sitemap', ['/sitemap.xml', '/sitemap.xml?n=6', '/SITEMAP.XML']],
];

describe('API reads, feeds and the sitemap, asked for with parameters their answer does not use', () => {
  it.each(spellings)('%s is answered from one cache entry however its address is spelled', async (_name, addresses) => {
    const item = await makeContent(site.deps, 'news', { titleEn: 'The cached headline' });
    const [first, ...others] = addresses.map((address) => address.replace(':id', String(item.id)));
    const [answer] = await readAll([first!]);
    expect(answer!.status).toBe(200);
    const stored = entries();
    await retitleQuietly(item.id);
    for (const other of await readAll(others)) {
      expect(other.status, other.address).toBe(200);
      expect(other.body, other.address).toBe(answer!.body);
    }
    expect(entries()).toBe(stored);
  });
});

describe('list pages far past the last one', () => {
  const pastTheEnd = [
    '/api/news?page=999',
    '/api/news?page=1000000',
    trpc({ json: { page: 4321 } }),
    trpcBatch({ json: { page: 77 } }),
    '/api/gallery?page=55',
    '/api/awareness?page=9',
    '/api/story?page=31',
  ];

  it('are answered, empty, without adding a cache entry', async () => {
    await makeContent(site.deps, 'news');
    await readAll(['/api/news?page=1']);
    const stored = entries();
    for (const answer of await readAll([...pastTheEnd, ...pastTheEnd])) {
      expect(answer.status, answer.address).toBe(200);
      expect(answer.body, answer.address).toMatch(/"(data|items)":\[\]/);
    }
    expect(entries()).toBe(stored);
  });

  it('leave the last real page cached', async () => {
    for (let i = 0; i < 3; i++) await makeContent(site.deps, 'news');
    const before = entries();
    await readAll(['/api/news?page=2&per_page=2']);
    expect(entries()).toBe(before + 1);
  });
});
