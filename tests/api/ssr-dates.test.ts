import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/client/lib/format.ts';
import { makeContent, makeGalleryItem, makeLegalItem } from '../factories/index.ts';
import { backdate, makePublishedStory } from '../factories/public-content.ts';
import { renderedPage, textOf } from '../setup/rendered-page.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
const ids = { news: 0, article: 0, report: 0, legal: 0, story: 0 };
beforeAll(async () => {
  deps = createTestDeps();
  // Published moments ago, hours ago and days ago: the server's render must say none of these as "ago".
  for (const [index, secondsAgo] of [35, 3 * 3600, 2 * 86_400].entries()) {
    const news = await makeContent(deps, 'news', { category: 'top', country: 'iran' });
    await backdate(deps, 'posts', news.id, new Date(Date.now() - secondsAgo * 1000 - index));
    ids.news = news.id;
  }
  ids.article = (await makeContent(deps, 'article', { country: 'iran' })).id;
  ids.report = (await makeContent(deps, 'report')).id;
  await makeGalleryItem(deps);
  ids.legal = (await makeLegalItem(deps)).id;
  ids.story = (await makePublishedStory(deps)).id;
});
afterAll(() => deps?.cleanup());

const paths = () => [
  '/',
  '/latestnews',
  '/articles',
  '/reports',
  `/news/${ids.news}`,
  `/articles/${ids.article}`,
  `/reports/${ids.report}`,
  '/iran',
  '/legal-awareness',
  `/legal/${ids.legal}`,
  '/yourStory',
  `/stories/${ids.story}`,
  '/search?q=Title',
];

describe('the server’s HTML states dates, never times relative to its render', () => {
  it.each(['en', 'fa'] as const)('on every page that shows publication times (%s)', async (language) => {
    let shown = 0;
    for (const path of paths()) {
      const page = await renderedPage(deps, path, language);
      const times = page.byTag('time');
      expect(times.length, path).toBeGreaterThan(0);
      for (const time of times) {
        const dateTime = time.attribs.datetime;
        expect(dateTime, path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        // The page's own calendar and digits, as the detail pages always showed them.
        expect(textOf(time), path).toBe(formatDate(dateTime!, language));
        shown++;
      }
    }
    expect(shown).toBeGreaterThan(20);
  });

  it('in the Solar Hijri calendar with Persian digits in Persian', async () => {
    const page = await renderedPage(deps, '/', 'fa');
    const [time] = page.byTag('time');
    expect(textOf(time!)).toMatch(/^[۰-۹]+ [\u0600-\u06ff]+ [۰-۹]{4}$/);
    expect(textOf(time!)).not.toMatch(/[0-9]/);
  });
});
