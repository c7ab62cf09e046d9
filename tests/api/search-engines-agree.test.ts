import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchPage } from '../../src/server/search/engine.ts';
import { envFor } from '../../src/server/env.ts';
import { tableOf } from '../../src/server/search/result-texts.ts';
import type { SearchInput } from '../../src/shared/schemas/search.ts';
import { fillSearchCorpus } from '../factories/search-corpus.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { baseDbFile } from '../setup/paths.ts';
import { createTestDeps, newTestDir, testDepsIn, testDialect, type TestDeps } from '../setup/test-db.ts';

/**
 * Search gives the same results on SQLite and PostgreSQL for the same items (docs/decisions/025):
 * the same items in the same order, with the same words marked. Each engine's run checks the
 * expectations below, written once; the PostgreSQL run also fills an SQLite site alike and
 * compares whole pages, for these queries and for queries made of the corpus's words.
 */

type Site = TestDeps;
const marks = (parts: SearchHit['title']) => parts.filter((part) => part.mark).map((part) => part.text);
/** A page as the reader sees it, without the items' times (each site wrote its items a few milliseconds apart). */
const shown = (page: SearchPage) => ({ ...page, items: page.items.map(({ date: _date, ...hit }) => hit) });

async function searchOn(site: Site, q: string, more: Partial<SearchInput> = {}, audience: 'public' | 'editor' = 'public', lang: 'en' | 'fa' = 'en') {
  if (audience === 'editor') return (await adminCaller(site)).caller.search.admin({ q, ...more });
  return publicCaller(site, { lang }).search.query({ q, ...more });
}

/**
 * Query, reader's language, the items found in order (by their keys in search-corpus.ts), and the
 * words marked in the first one's title and snippet. A joined compound or ا for آ matches the
 * `spellings` column, which is never shown, so nothing is marked for it.
 */
const EXPECTED: [string, 'en' | 'fa', string[], string[]][] = [
  ['women protest', 'en', ['exact', 'titled', 'bodied'], ['Women', 'protest']],
  ['women', 'en', ['gallery', 'titled', 'bodied', 'exact'], ['Women']],
  ['woman', 'en', ['gallery', 'bodied', 'titled', 'exact'], []],
  ['naive resume', 'en', ['accents'], ['Naïve', 'résumé']],
  ['rights', 'en', ['marks', 'accents'], ['rights']],
  ['children school', 'en', ['accents'], ['children', 'schools']],
  ['میخواهند', 'fa', ['zwnj'], []],
  ['می خواهند', 'fa', ['zwnj'], ['می\u200cخواهند']],
  ['مدرسه', 'fa', ['arabic', 'zwnj', 'story'], ['مدرسه']],
  ['مدرسة', 'fa', ['arabic', 'zwnj', 'story'], ['مدرسه']],
  ['1402', 'fa', ['zwnj'], ['۱۴۰۲']],
  ['١٤٠٣', 'fa', ['arabic'], ['۱۴۰۳']],
  ['کریم', 'fa', ['arabic'], ['کریم']],
  ['علي', 'fa', ['arabic'], ['علی']],
  ['دُختَران', 'fa', ['marks', 'zwnj', 'arabic'], ['دختران']],
  ['اموزش', 'fa', ['marks', 'arabic'], []],
  ['حق', 'fa', ['marks', 'arabic'], ['حق', 'حق']],
  ['معلم', 'fa', ['story'], ['معلم', 'معلم']],
];

let site: Site;
let ids: Record<string, string>;
beforeAll(async () => {
  site = createTestDeps();
  ids = await fillSearchCorpus(site);
});
afterAll(() => site.cleanup());

describe(`search on ${testDialect}: the expectations both engines meet`, () => {
  it('finds the same items in the same order with the same words marked', async () => {
    const keyOf = new Map(Object.entries(ids).map(([key, item]) => [item, key]));
    for (const [q, lang, keys, marked] of EXPECTED) {
      const page = await searchOn(site, q, {}, 'public', lang);
      expect(
        page.items.map((hit) => keyOf.get(`${tableOf(hit.type)}:${hit.id}`)),
        q,
      ).toEqual(keys);
      if (page.items[0]) expect([...marks(page.items[0].title), ...marks(page.items[0].snippet)], q).toEqual(marked);
    }
  });
});

describe.runIf(testDialect === 'postgres')('search on PostgreSQL and on SQLite, side by side', () => {
  let sqlite: Site;
  beforeAll(async () => {
    const dir = newTestDir('t');
    const file = path.join(dir, 'site.db');
    fs.copyFileSync(baseDbFile, file);
    sqlite = testDepsIn(dir, envFor({ DATABASE_URL: file, STORAGE_DIR: path.join(dir, 'storage') }));
    expect(await fillSearchCorpus(sqlite)).toEqual(ids);
  });
  afterAll(() => sqlite.cleanup());

  it('gives the same pages for the same queries, filters, languages and audiences', async () => {
    for (const [q] of EXPECTED)
      for (const lang of ['en', 'fa'] as const)
        for (const more of [{}, { page: 2, pageSize: 2 }, { country: 'afghanistan' as const }])
          for (const audience of ['public', 'editor'] as const)
            expect(shown(await searchOn(site, q, more, audience, lang)), `${q} ${lang}`).toEqual(shown(await searchOn(sqlite, q, more, audience, lang)));
  });

  it('gives the same pages for queries made of the corpus’s words', async () => {
    const words = [
      'women',
      'protest',
      'woman',
      'rights',
      'resume',
      'naive',
      'school',
      'children',
      'میخواهند',
      'می خواهند',
      'مدرسه',
      'مدرسة',
      'كريم',
      'علی',
      'حق',
      'اموزش',
      'آموزش',
      'دختران',
      '۱۴۰۲',
      '1403',
      'معلم',
      'برگردند',
      'کلاسهای',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('public' as const, 'editor' as const),
        fc.constantFrom(undefined, 'report' as const, 'story' as const),
        async (query, audience, type) => {
          const q = query.join(' ');
          expect(shown(await searchOn(site, q, { type }, audience)), q).toEqual(shown(await searchOn(sqlite, q, { type }, audience)));
        },
      ),
      { numRuns: 80 },
    );
  });
});
