import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATEST_NEWS_COUNT, splitNews, TOP_NEWS_COUNT } from '../../src/client/lib/home-news.ts';

/** Generated news: ids newest first, some tagged top; the two lists the home page asks for. */
const site = fc
  .record({ total: fc.integer({ min: 0, max: 40 }), tagged: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }) })
  .map(({ total, tagged }) => {
    const all = Array.from({ length: total }, (_, index) => ({ id: total - index, top: tagged[index]! }));
    return { all, topTagged: all.filter((item) => item.top).slice(0, 10), newest: all.slice(0, 20) };
  });

describe('splitNews', () => {
  it('shows the two tagged items first and fills the side list with the next most recent news', () => {
    const all = Array.from({ length: 23 }, (_, index) => ({ id: 23 - index }));
    const tagged = [all[4]!, all[15]!];
    const { top, latest } = splitNews(tagged, all.slice(0, 20));
    expect(top.map((item) => item.id)).toEqual([19, 8, 23, 22, 21, 20, 18, 17, 16, 15]);
    expect(latest.map((item) => item.id)).toEqual([14, 13, 12, 11, 10, 9, 7, 6]);
  });

  it('for any site: a full top block when there is enough news, no item twice, and the latest grid continues where the blocks above stop', () => {
    fc.assert(
      fc.property(site, ({ topTagged, newest }) => {
        const { top, latest } = splitNews(topTagged, newest);
        const ids = [...top, ...latest].map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(top.length).toBe(Math.min(TOP_NEWS_COUNT, new Set([...topTagged, ...newest].map((item) => item.id)).size));
        // Tagged items lead, in their order.
        expect(top.slice(0, topTagged.length)).toEqual(topTagged.slice(0, TOP_NEWS_COUNT));
        // The latest grid is the newest news not shown above, in order, as many as fit.
        const shown = new Set(top.map((item) => item.id));
        expect(latest).toEqual(newest.filter((item) => !shown.has(item.id)).slice(0, LATEST_NEWS_COUNT));
        // Nothing recent is skipped: every news item left out is older than every untagged one shown.
        const position = (id: number) => newest.findIndex((item) => item.id === id);
        const tagged = new Set(topTagged.map((item) => item.id));
        const lastShown = Math.max(-1, ...ids.filter((id) => !tagged.has(id)).map(position));
        for (const item of newest) if (!ids.includes(item.id)) expect(position(item.id)).toBeGreaterThan(lastShown);
      }),
      { numRuns: 500 },
    );
  });
});
