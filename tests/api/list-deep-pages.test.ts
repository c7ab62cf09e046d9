import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { PUBLIC_STATUS } from '../../src/server/publication/visibility.ts';
import type { ListQuery } from '../../src/server/routers/list-pages.ts';
import { sqlListReads } from '../../src/server/routers/list-pages-sql.ts';
import { makePost } from '../factories/public-content.ts';
import { makeImageUpload } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';
import { postgresOf, sqliteOf } from '../../src/server/db/client.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const ITEMS = 700;
const countries = ['iran', 'afghanistan', null] as const;

/**
 * Public lists read ids from an index, with totals and, past the first 256 rows, a remembered row to
 * start from (routers/list-pages.ts); outside transactions these reads are built once per database
 * (list-pages-sql.ts). Every page must still hold exactly the rows of newest-first order, on each engine,
 * with filters, with rows sharing a time (ordered by id), and after a change moves every row down.
 */
describe(`deep pages of a public list on ${testDialect}`, () => {
  it('hold the rows of newest-first order on every page, filtered or not, and after an item is added', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: ITEMS }, (_, index) => ({
      kind: 'news' as const,
      titleEn: index % 5 === 4 ? '' : `News ${index}`,
      titleFa: index % 5 === 2 ? '' : `خبر ${index}`,
      descriptionEn: `About ${index}`,
      descriptionFa: `دربارهٔ ${index}`,
      image: 'images/deep.jpg',
      country: countries[index % 3],
      // Three rows share each time: their order is the id's.
      createdAt: new Date(base + Math.floor(index / 3) * 60_000),
      updatedAt: new Date(base),
    }));
    await deps.db.transaction((tx) => tx.insert(posts).values(rows));
    const stored = (
      await deps.db.select({ id: posts.id, createdAt: posts.createdAt, titleEn: posts.titleEn, titleFa: posts.titleFa, country: posts.country }).from(posts)
    ).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    const caller = publicCaller(deps);
    const pageSize = 12;

    async function expectEveryPage(filter: { country?: 'iran'; language?: 'en' | 'fa' }, expected: number[]) {
      const pages = Math.ceil(expected.length / pageSize);
      // Pages across several remembered rows (every 256), the last one and one past the end.
      for (const page of [1, 2, 21, 22, 23, 43, 44, pages - 1, pages, pages + 1]) {
        if (page < 1) continue;
        const answer = await caller.news.list({ page, pageSize, ...filter });
        expect(answer.total).toBe(expected.length);
        expect(answer.items.map((item) => item.id)).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
      }
    }

    await expectEveryPage(
      {},
      stored.map((row) => row.id),
    );
    await expectEveryPage(
      { country: 'iran' },
      stored.filter((row) => row.country === 'iran').map((row) => row.id),
    );
    await expectEveryPage(
      { language: 'en' },
      stored.filter((row) => row.titleEn !== '').map((row) => row.id),
    );
    const persian = stored.filter((row) => row.titleFa !== '');
    await expectEveryPage(
      { language: 'fa', country: 'iran' },
      persian.filter((row) => row.country === 'iran').map((row) => row.id),
    );

    // Deep pages start from the row remembered at each 256th place: it must be that very row (were it
    // missing, pages would still come right, read from the start of the list).
    const query: ListQuery = {
      table: posts,
      filters: [
        [posts.kind, 'news'],
        [posts.status, PUBLIC_STATUS],
      ],
      written: posts.titleFa,
    };
    for (const position of [256, 512])
      expect(await sqlListReads(deps.db).sortKeyAt(query, position)).toEqual([persian[position]!.createdAt.getTime(), persian[position]!.id]);

    // A new item moves every row one place down: remembered totals and rows are not used again.
    const added = await makePost(deps, 'news');
    await expectEveryPage({}, [added.id, ...stored.map((row) => row.id)]);
  }, 120_000);

  it('reads a page’s ids, rows and media lists, and an item with its media, in one round trip to PostgreSQL', async () => {
    for (let index = 0; index < 30; index++) await makePost(deps, 'news');
    const caller = publicCaller(deps);
    // The total is remembered by the first read; the pages after it count the statements alone.
    const first = await caller.news.list({ page: 1, pageSize: 12 });
    // One round trip each on PostgreSQL. On SQLite, where a statement is a call, the ids', rows' and
    // media's own statements cost less than one doing all three (docs/benchmarks.md).
    const [listStatements, itemStatements] = deps.db.dialect === 'postgres' ? [1, 1] : [3, 2];
    const statements = countStatements(deps);
    try {
      for (const page of [1, 2, 3]) {
        statements.reset();
        const answer = await caller.news.list({ page, pageSize: 12, excerpt: page === 2 ? 40 : undefined });
        expect(answer.items.length).toBe(page === 3 ? 6 : 12);
        expect(statements.count()).toBe(listStatements);
      }
      // An item's page: its row and media lists in one statement too.
      statements.reset();
      expect((await caller.news.byId({ id: first.items[0]!.id })).id).toBe(first.items[0]!.id);
      expect(statements.count()).toBe(itemStatements);
    } finally {
      statements.stop();
    }
  });

  it('gives a list’s items the same media lists, in the same order, as the item itself', async () => {
    const { caller } = await adminCaller(deps);
    const awkward = 'Quotes " and \\ backslash, a new\nline, \u202eRLO, emoji 🕊, Persian «زن، زندگی، آزادی»';
    const image = await makeImageUpload(deps);
    const created = await caller.news.create({
      imageUploadId: image.id,
      coverAltEn: 'Cover',
      coverAltFa: 'جلد',
      titleEn: 'With media',
      titleFa: 'با رسانه',
      descriptionEn: 'Three links.',
      descriptionFa: 'سه پیوند.',
      media: [
        { link: 'https://example.org/one', titleEn: awkward, titleFa: 'یک' },
        { link: 'https://example.org/two', descriptionFa: awkward },
        { link: 'https://example.org/three', titleEn: 'Three', descriptionEn: 'The third' },
      ],
    });
    await makePost(deps, 'news');
    const listed = await publicCaller(deps).news.list({ page: 1, pageSize: 12 });
    const item = await publicCaller(deps).news.byId({ id: created.id });
    // The editors' read of the item reads its media on their own, as every read did before.
    const edited = await caller.news.adminById({ id: created.id });
    expect(edited.media.map((entry) => entry.link)).toEqual(['https://example.org/one', 'https://example.org/two', 'https://example.org/three']);
    expect(item.media).toEqual(edited.media);
    expect(listed.items.find((entry) => entry.id === created.id)!.media).toEqual(edited.media);
    expect(listed.items.find((entry) => entry.id !== created.id)!.media).toEqual([]);
    const previews = await publicCaller(deps).news.list({ page: 1, pageSize: 12, excerpt: 40 });
    expect(previews.items.find((entry) => entry.id === created.id)!.media).toEqual(edited.media);
  });
});

/** Counts the statements the site's reads run: PostgreSQL's pool queries, SQLite's statements (every one in this process). */
function countStatements(deps: TestDeps) {
  let count = 0;
  if (deps.db.dialect === 'postgres') {
    const pool = postgresOf(deps.db).pool;
    const query = pool.query;
    pool.query = function (this: typeof pool, ...args: unknown[]) {
      count++;
      return (query as (...given: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    return { count: () => count, reset: () => void (count = 0), stop: () => void (pool.query = query) };
  }
  // better-sqlite3's statements share one prototype: its runs are counted where they start.
  const prototype = Object.getPrototypeOf(sqliteOf(deps.db).reader.prepare('SELECT 1')) as Record<'all' | 'get' | 'iterate', (...given: unknown[]) => unknown>;
  const originals = { all: prototype.all, get: prototype.get, iterate: prototype.iterate };
  for (const name of ['all', 'get', 'iterate'] as const) {
    const original = originals[name];
    prototype[name] = function (this: { source: string }, ...args: unknown[]) {
      // SQLite's data_version (is the remembered total still the file's?) reads no table.
      if (!/^\s*PRAGMA/i.test(this.source)) count++;
      return original.apply(this, args);
    };
  }
  return { count: () => count, reset: () => void (count = 0), stop: () => void Object.assign(prototype, originals) };
}
