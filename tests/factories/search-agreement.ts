import type { SearchHit, SearchPage } from '../../src/server/search/engine.ts';
import type { SearchInput } from '../../src/shared/schemas/search.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { fillSearchCorpus } from './search-corpus.ts';

/** Searches and expectations shared by the suites that check both engines agree (docs/decisions/025). */
export type Site = TestDeps;
export const marks = (parts: SearchHit['title']) => parts.filter((part) => part.mark).map((part) => part.text);
/** A page as the reader sees it, without the items' times (each site wrote its items a few milliseconds apart). */
export const shown = (page: SearchPage) => ({ ...page, items: page.items.map(({ date: _date, ...hit }) => hit) });

export async function searchOn(site: Site, q: string, more: Partial<SearchInput> = {}, audience: 'public' | 'editor' = 'public', lang: 'en' | 'fa' = 'en') {
  if (audience === 'editor') return (await adminCaller(site)).caller.search.admin({ q, ...more });
  return publicCaller(site, { lang }).search.query({ q, ...more });
}

/**
 * Query, reader's language, the items found in order (by their keys in search-corpus.ts), and the
 * words marked in the first one's title and snippet. A joined compound or ا for آ matches the
 * `spellings` column, which is never shown, so nothing is marked for it.
 */
export const EXPECTED: [string, 'en' | 'fa', string[], string[]][] = [
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

/** A site of the run's engine filled with the search corpus for the file's tests, and the corpus's ids by key. */
export function corpusSiteForAllTests(): { site: Site; ids: Record<string, string> } {
  const filled = {} as { site: Site; ids: Record<string, string> };
  beforeAll(async () => {
    filled.site = createTestDeps();
    filled.ids = await fillSearchCorpus(filled.site);
  });
  afterAll(() => filled.site.cleanup());
  return filled;
}
