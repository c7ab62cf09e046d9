import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/server/db/client.ts';
import { rankedTerms, TEXT_COLUMNS } from '../../src/server/search/engine.ts';
import { compileQuery } from '../../src/server/search/match.ts';
import { insertPost } from '../factories/search-content.ts';
import { publicCaller } from '../setup/callers.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * The ranking asks FTS5 for the query's words without the text columns' filter when no word could
 * spell a facet (engine.ts, rankedTerms): bm25 then counts without reading every holder's
 * positions. These hold that it finds the same documents with the same relevance, on SQLite's own
 * index, for words that do and do not look like the facets.
 */
const WORDS = ['rights', 'women', 'school', 'facet', 'facets', 'facettypenews', 'FacetLangEn', 'ｆａｃｅｔｌａｎｇｆａ', 'facèttypereport', 'حقوق', 'زنان'];

const RANKED = `SELECT rowid AS doc, bm25(search_index, 8.0, 8.0, 1.0, 1.0, 0.5, 0.0) AS relevance
  FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT 200`;

describe('search: the ranking’s words without the column filter', () => {
  let deps: TestDeps;
  beforeAll(async () => {
    deps = createTestDeps();
    // Every item holds facet tokens (its kind, languages, country); some hold the words in their text.
    for (let index = 0; index < 40; index++) {
      const words = WORDS.filter((_, word) => (index + word) % 3 === 0);
      await insertPost(deps, {
        kind: (['news', 'article', 'report'] as const)[index % 3],
        titleEn: `Item ${index} ${words.slice(0, 2).join(' ')}`,
        descriptionEn: `${words.join(' ')} ${words.slice(1).join(' ')} and more`,
        descriptionFa: index % 2 ? `${words.join(' ')} متن` : 'متن فارسی',
        country: index % 2 ? 'iran' : 'afghanistan',
      });
    }
  });
  afterAll(() => deps.cleanup());

  it('keeps the filter for a word that could spell a facet, and drops it otherwise', () => {
    expect(rankedTerms(compileQuery('women rights')!)).not.toContain(TEXT_COLUMNS);
    expect(rankedTerms(compileQuery('حقوق زنان')!)).not.toContain(TEXT_COLUMNS);
    for (const query of ['facettypenews', 'women FacetLangEn', 'ｆａｃｅｔ', 'facèt', 'the facets'])
      expect(rankedTerms(compileQuery(query)!), query).toContain(TEXT_COLUMNS);
  });

  it('ranks the same documents with the same relevance as with the filter, for any words', () => {
    const reader = sqliteOf(deps.db).reader;
    const ranked = reader.prepare(RANKED);
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), (words) => {
        const compiled = compileQuery(words.join(' '))!;
        const filtered = ranked.all(`${TEXT_COLUMNS} : (${compiled.terms})`);
        expect(ranked.all(rankedTerms(compiled))).toEqual(filtered);
      }),
      { numRuns: 120 },
    );
  });

  it('never finds an item by its facets, whatever a reader types', async () => {
    const search = (q: string) => publicCaller(deps).search.query({ q, pageSize: 50 });
    // The items whose text holds the word (every news item also holds it as a facet).
    const holding = Array.from({ length: 40 }, (_, index) => index).filter((index) => (index + WORDS.indexOf('facettypenews')) % 3 === 0);
    const found = await search('facettypenews');
    expect(found.total).toBe(holding.length);
    const indexOf = (hit: (typeof found.items)[number]) => Number(/^Item (\d+) /.exec(hit.title.map((part) => part.text).join(''))?.[1]);
    expect(found.items.map(indexOf).sort((a, b) => a - b)).toEqual(holding);
    expect((await search('facetcountryiran')).total).toBe(0);
  });
});
