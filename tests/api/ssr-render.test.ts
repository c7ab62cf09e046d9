import { createTRPCClient, unstable_localLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '../../src/client/entry-server.tsx';
import type { Language } from '../../src/shared/locale.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, type AppRouter } from '../../src/server/trpc/router.ts';
import { makeContent, makeGalleryItem, makeLegalItem } from '../factories/index.ts';
import { makePublishedStory } from '../factories/public-content.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
const ids = { news: 0, article: 0, report: 0, legal: 0, story: 0 };
beforeAll(async () => {
  deps = createTestDeps();
  ids.news = (await makeContent(deps, 'news', { titleEn: 'Midwives warn of gaps in maternal care', category: 'top', country: 'iran' })).id;
  ids.article = (await makeContent(deps, 'article', { country: 'afghanistan' })).id;
  ids.report = (await makeContent(deps, 'report')).id;
  await makeGalleryItem(deps);
  ids.legal = (await makeLegalItem(deps)).id;
  ids.story = (await makePublishedStory(deps)).id;
});
afterAll(() => deps?.cleanup());
afterEach(() => vi.restoreAllMocks());

/** Renders as src/server/http/render.ts does, through a link that records every procedure call. */
async function renderPage(url: string, language: Language = 'en') {
  const calls: string[] = [];
  const recording: TRPCLink<AppRouter> =
    () =>
    ({ op, next }) => {
      calls.push(`${op.path} ${JSON.stringify(op.input ?? null)}`);
      return next(op);
    };
  const client = createTRPCClient<AppRouter>({
    links: [recording, unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: language }) })],
  });
  const warn = vi.spyOn(console, 'warn');
  const result = await render(url, language, client);
  return { ...result, calls, warnings: warn.mock.calls };
}

describe('server rendering', () => {
  it('renders a list page once, after fetching exactly the queries it shows', async () => {
    const result = await renderPage('/latestNews?page=1&category=top&country=iran');
    expect(result.passes).toBe(1);
    expect(result.warnings).toEqual([]);
    expect(result.html).toContain('Midwives warn of gaps in maternal care');
    expect(result.calls.map((call) => call.split(' ')[0]).sort()).toEqual(['articles.list', 'config.get', 'news.list', 'reports.list']);
    expect(result.calls).toContain('news.list {"page":1,"pageSize":13,"category":"top","country":"iran","excerpt":100,"language":"en"}');
    expect(result.modules).toEqual(['src/client/locales/en.ts', 'src/client/pages/public/content-list-page.tsx']);
  });

  it('renders a detail page once, in Persian with the Persian strings', async () => {
    const result = await renderPage(`/news/${ids.news}`, 'fa');
    expect(result.passes).toBe(1);
    expect(result.calls).toHaveLength(3); // the configuration, the item, and "more news" below it
    expect(result.head.type).toBe('article');
    expect(result.modules).toEqual(['src/client/locales/fa.ts', 'src/client/pages/public/content-detail-page.tsx']);
  });

  it('renders a missing item once, as its not-found state with a 404', async () => {
    const result = await renderPage('/news/999999');
    expect(result.passes).toBe(1);
    expect(result.head.status).toBe(404);
    expect(result.html).toContain('News not found.');
  });

  it('needs one pass on every public route: each route lists the queries its page runs', async () => {
    const paths = [
      '/',
      '/home',
      '/about',
      '/contact',
      '/latestnews',
      '/articles?page=2',
      '/reports?category=health',
      `/news/${ids.news}`,
      `/articles/${ids.article}`,
      `/reports/${ids.report}`,
      '/articles/abc',
      '/gallery',
      '/yourStory?page=1',
      `/stories/${ids.story}`,
      '/stories/999999',
      '/legal-awareness',
      `/legal/${ids.legal}`,
      '/legal/999999',
      '/iran',
      '/afghanistan',
      '/no-such-page',
    ];
    for (const language of ['en', 'fa'] as const) {
      for (const path of paths) {
        const result = await renderPage(path, language);
        expect({ path, passes: result.passes, warnings: result.warnings }).toEqual({ path, passes: 1, warnings: [] });
        // Each query is fetched once: the render found everything in the cache.
        expect(new Set(result.calls).size, path).toBe(result.calls.length);
      }
    }
  });
});
