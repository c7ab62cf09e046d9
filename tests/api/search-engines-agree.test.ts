import { describe, expect, it } from 'vitest';
import { tableOf } from '../../src/server/search/result-texts.ts';
import { corpusSiteForAllTests, EXPECTED, marks, searchOn } from '../factories/search-agreement.ts';
import { testDialect } from '../setup/test-db.ts';

/**
 * Search gives the same results on SQLite and PostgreSQL for the same items (docs/decisions/025):
 * the same items in the same order, with the same words marked. Each engine's run checks the
 * expectations, written once (search-agreement.ts); search-engines-side-by-side-postgres.test.ts
 * compares whole pages of both engines.
 */

const corpus = corpusSiteForAllTests();

describe(`search on ${testDialect}: the expectations both engines meet`, () => {
  it('finds the same items in the same order with the same words marked', async () => {
    const keyOf = new Map(Object.entries(corpus.ids).map(([key, item]) => [item, key]));
    for (const [q, lang, keys, marked] of EXPECTED) {
      const page = await searchOn(corpus.site, q, {}, 'public', lang);
      expect(
        page.items.map((hit) => keyOf.get(`${tableOf(hit.type)}:${hit.id}`)),
        q,
      ).toEqual(keys);
      if (page.items[0]) expect([...marks(page.items[0].title), ...marks(page.items[0].snippet)], q).toEqual(marked);
    }
  });
});
