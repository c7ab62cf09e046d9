import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor } from '../../src/server/env.ts';
import { fillSearchCorpus } from '../factories/search-corpus.ts';
import { corpusSiteForAllTests, EXPECTED, searchOn, shown, type Site } from '../factories/search-agreement.ts';
import { baseDbFile } from '../setup/paths.ts';
import { newTestDir, testDepsIn } from '../setup/test-db.ts';

/**
 * Search on PostgreSQL and on SQLite filled alike gives the same whole pages (docs/decisions/025),
 * for the expectations' queries and for queries made of the corpus's words. Runs in the PostgreSQL
 * project only.
 */
const corpus = corpusSiteForAllTests();

describe('search on PostgreSQL and on SQLite, side by side', () => {
  let sqlite: Site;
  beforeAll(async () => {
    const dir = newTestDir('t');
    const file = path.join(dir, 'site.db');
    fs.copyFileSync(baseDbFile, file);
    sqlite = testDepsIn(dir, envFor({ DATABASE_URL: file, STORAGE_DIR: path.join(dir, 'storage') }));
    expect(await fillSearchCorpus(sqlite)).toEqual(corpus.ids);
  });
  afterAll(() => sqlite.cleanup());

  it('gives the same pages for the same queries, filters, languages and audiences', async () => {
    for (const [q] of EXPECTED)
      for (const lang of ['en', 'fa'] as const)
        for (const more of [{}, { page: 2, pageSize: 2 }, { country: 'afghanistan' as const }])
          for (const audience of ['public', 'editor'] as const)
            expect(shown(await searchOn(corpus.site, q, more, audience, lang)), `${q} ${lang}`).toEqual(shown(await searchOn(sqlite, q, more, audience, lang)));
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
          expect(shown(await searchOn(corpus.site, q, { type }, audience)), q).toEqual(shown(await searchOn(sqlite, q, { type }, audience)));
        },
      ),
      { numRuns: 80 },
    );
  });
});
