import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/server/db/client.ts';
import { matchFor, MAX_RESULTS, RANKED, rankingIndex, RECENT_DOCUMENTS, search, sql, TEXT_COLUMNS, type Index } from '../../src/server/search/engine.ts';
import { compileQuery } from '../../src/server/search/match.ts';
import { textsOf } from '../../src/server/search/result-texts.ts';
import { rebuildSqliteSearchIndex } from '../../src/server/search/rebuild-sqlite.ts';
import { insertPost } from '../factories/search-content.ts';
import { sqliteAll, sqliteCheckpoint, sqliteColumn, sqliteValue, sqliteWrite } from '../setup/sqlite-file.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * search_recent (migrations/0023) holds the newest documents again, so that a search finding
 * enough matches among them ranks in a small index (engine.ts). These hold that it always holds
 * exactly the newest documents, that a search gives the same results as the whole index would,
 * and that a deleted item leaves nothing in it.
 */
const ITEMS = RECENT_DOCUMENTS + 700;
const COMMON = 'women rights';
const WORDS = ['women', 'rights', 'school', 'court', 'حقوق', 'زنان', 'دادگاه', 'curfew'];

/** Items straight into the table, in one transaction, as a migration or a tool would write them. */
async function fill(deps: TestDeps, count: number): Promise<void> {
  const { writer } = sqliteOf(deps.db);
  const now = Date.now();
  await deps.db.transaction(async () => {
    const insert = writer.prepare(
      `INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image, country, created_at, updated_at)
       VALUES ('news', ?, ?, ?, ?, 'images/none.jpg', ?, ?, ?)`,
    );
    for (let i = 0; i < count; i++) {
      // "qanat": only in the first 500 items of a fill, so mostly older than the newest documents.
      const words = [...WORDS.filter((_, word) => i % (word + 2) === 0), ...(i < 500 ? ['qanat'] : [])].join(' ');
      const at = now - (count - i) * 60_000;
      insert.run(
        `Item ${i}: women's rights ${words}`,
        `خبر ${i}: حقوق زنان`,
        `${words} women describe the rights they claim.`,
        `${words} زنان از حقوق خود می‌گویند.`,
        i % 2 ? 'iran' : 'afghanistan',
        at,
        at,
      );
    }
  });
}

const recentIds = (deps: TestDeps) => sqliteColumn<number>(deps, 'SELECT rowid FROM search_recent ORDER BY rowid');
const newestIds = (deps: TestDeps, count = RECENT_DOCUMENTS) =>
  sqliteColumn<number>(deps, 'SELECT id FROM search_documents ORDER BY id DESC LIMIT ?', count).reverse();

function expectNewestHeld(deps: TestDeps) {
  const held = recentIds(deps);
  expect(held.length).toBeLessThanOrEqual(RECENT_DOCUMENTS);
  // Every document from its oldest on, and nothing else.
  expect(held).toEqual(sqliteColumn<number>(deps, 'SELECT id FROM search_documents WHERE id >= ? ORDER BY id', held[0]));
  const texts = 'title_en, title_fa, body_en, body_fa, spellings, facets';
  expect(
    sqliteValue(deps, `SELECT count(*) FROM (SELECT rowid, ${texts} FROM search_recent EXCEPT SELECT rowid, ${texts} FROM search_index)`),
    'the same text as the whole index',
  ).toBe(0);
}

describe('search: the index of the newest documents', () => {
  let deps: TestDeps;
  let wholeIndex: { $client: Database.Database } | undefined;
  /** The site as it is now with search_recent emptied: every search then reads the whole index alone. */
  async function withWholeIndexOnly() {
    wholeIndex?.$client.close();
    await sqliteCheckpoint(deps);
    const copy = join(deps.dir, 'whole-index.db');
    copyFileSync(sqliteOf(deps.db).file, copy);
    wholeIndex = { $client: new Database(copy) };
    wholeIndex.$client.exec('DELETE FROM search_recent');
    return wholeIndex;
  }
  beforeAll(async () => {
    deps = createTestDeps();
    await fill(deps, ITEMS);
    await insertPost(deps, { titleEn: 'The curfew law of Kabul', descriptionEn: 'women rights and the old curfew law', daysAgo: 4000 });
    await fill(deps, 20);
  }, 120_000);
  afterAll(async () => {
    wholeIndex?.$client.close();
    await deps.cleanup();
  });

  it('holds exactly the newest documents as items are written, changed and deleted', async () => {
    expect(recentIds(deps)).toEqual(newestIds(deps));
    // A changed old item is indexed again as the newest document.
    const oldest = sqliteValue<number>(deps, 'SELECT min(id) FROM posts')!;
    await sqliteWrite(deps, "UPDATE posts SET title_en = 'Item renamed: women rights' WHERE id = ?", oldest);
    expect(recentIds(deps)).toEqual(newestIds(deps));
    expect(sqliteValue(deps, "SELECT rowid FROM search_recent WHERE search_recent MATCH 'renamed'")).toBe(newestIds(deps).at(-1));
    // A deleted item leaves both indexes; the next one brings the count back.
    const newestPost = sqliteValue<number>(deps, 'SELECT max(id) FROM posts')!;
    await sqliteWrite(deps, 'DELETE FROM posts WHERE id = ?', newestPost);
    await sqliteWrite(deps, 'DELETE FROM posts WHERE id = ?', oldest + 1);
    expectNewestHeld(deps);
    expect(recentIds(deps)).toHaveLength(RECENT_DOCUMENTS - 1);
    await insertPost(deps, { titleEn: 'A newer item about women rights' });
    expect(recentIds(deps)).toEqual(newestIds(deps));
    expectNewestHeld(deps);
  });

  it('ranks a common word among the newest documents alone, the same documents the whole index would rank, and a rare word in the whole index', () => {
    const reader = { $client: sqliteOf(deps.db).reader };
    const ranked = (index: Index, query: string) =>
      sqliteAll<{ doc: number }>(deps, sql.ranked(index), { match: `${TEXT_COLUMNS} : (${compileQuery(query)!.terms})` }).map((row) => row.doc);
    const windowOf = (query: string) => sqliteColumn<number>(deps, sql.window, { match: `${TEXT_COLUMNS} : (${compileQuery(query)!.terms})` });
    for (const query of [COMMON, 'زنان', 'court']) {
      expect(rankingIndex(reader, windowOf(query)), query).toBe('search_recent');
      expect(ranked('search_recent', query)).toHaveLength(RANKED);
      expect(ranked('search_recent', query)).toEqual(ranked('search_index', query));
    }
    // "qanat": fewer than RANKED of its matches are among the newest documents.
    expect(windowOf('qanat').length).toBeGreaterThan(RANKED);
    expect(ranked('search_recent', 'qanat').length).toBeLessThan(RANKED);
    expect(rankingIndex(reader, windowOf('qanat'))).toBe('search_index');
    expect(rankingIndex(reader, windowOf('kabul'))).toBe('search_index');
  });

  it('finds the same documents with the same texts as the whole index, for any words, filter and audience', async () => {
    const whole = await withWholeIndexOnly();
    const reader = { $client: sqliteOf(deps.db).reader };
    const now = Date.now();
    const ids = (page: { items: { id: number }[] }) => page.items.map((hit) => hit.id);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...WORDS, 'qanat', 'law', 'kabul'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('en' as const, 'fa' as const),
        fc.constantFrom(undefined, 'iran' as const),
        fc.constantFrom('public' as const, 'editor' as const),
        (words, language, country, audience) => {
          // Every match on one page (the engine itself, past the procedures' page size).
          const input = { q: words.join(' '), page: 1, pageSize: MAX_RESULTS + 10, country };
          const found = search(reader, input, language, audience, now);
          const fromWhole = search(whole, input, language, audience, now);
          expect({ ...found, items: [] }).toEqual({ ...fromWhole, items: [] });
          expect(ids(found).toSorted()).toEqual(ids(fromWhole).toSorted());
          const byId = new Map(fromWhole.items.map((hit) => [hit.id, hit]));
          for (const hit of found.items) expect(hit).toEqual(byId.get(hit.id));
          // Ranked among the newest documents, relevance may order the head differently (its
          // counts come from them); past it, the order is the window's, newest first.
          const window = sqliteColumn<number>(deps, sql.window, { match: matchFor(compileQuery(input.q)!.terms, input, audience, language) });
          const head = rankingIndex(reader, window) === 'search_recent' ? RANKED + 5 : 0;
          expect(ids(found).slice(head)).toEqual(ids(fromWhole).slice(head));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('marks a page’s texts read in one pass over the window as when read row by row', () => {
    const reader = { $client: sqliteOf(deps.db).reader };
    const textMatch = `${TEXT_COLUMNS} : (${compileQuery('women curfew')!.terms})`;
    const window = sqliteColumn<number>(deps, 'SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT 60', textMatch);
    expect(window).toHaveLength(60);
    const oldest = sqliteValue<number>(deps, 'SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rowid LIMIT 1', textMatch)!;
    expect(window).not.toContain(oldest);
    // Rows of the window spread over its span, and one far older (as an item whose title is the query may be).
    const rows = [...window.filter((_, index) => index % 7 === 0), oldest].map((doc) => ({ doc }));
    for (const language of ['en', 'fa'] as const) {
      const inOnePass = textsOf(reader, textMatch, rows, language, { match: textMatch, docs: new Set(window) });
      const rowByRow = textsOf(reader, textMatch, rows, language);
      expect(inOnePass).toEqual(rowByRow);
      const marked = [...inOnePass.values()].filter((texts) => [...texts.title, ...texts.snippet].some((part) => part.mark));
      expect(marked).toHaveLength(rows.length);
    }
  });

  it('is filled again by a rebuild', async () => {
    await sqliteWrite(deps, 'DELETE FROM search_recent');
    await rebuildSqliteSearchIndex(deps.db);
    expect(recentIds(deps)).toEqual(newestIds(deps));
    expectNewestHeld(deps);
  });

  it('keeps no trace of a deleted item’s text', async () => {
    const id = await insertPost(deps, { titleEn: 'Zanzibarquux', descriptionEn: 'Qwertzuiopx women rights.' });
    expect(sqliteValue(deps, "SELECT count(*) FROM search_recent WHERE search_recent MATCH 'zanzibarquux'")).toBe(1);
    await sqliteWrite(deps, 'DELETE FROM posts WHERE id = ?', id);
    const blobs = sqliteColumn<Buffer>(deps, 'SELECT block FROM search_recent_data');
    expect(blobs.some((blob) => blob.includes('zanzibarquux') || blob.includes('qwertzuiopx'))).toBe(false);
    expect(sqliteValue(deps, "SELECT count(*) FROM search_recent_content WHERE c0 LIKE '%anzibar%' OR c2 LIKE '%wertz%'")).toBe(0);
    expectNewestHeld(deps);
  });
});
