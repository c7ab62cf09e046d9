import { createTRPCClient, unstable_localLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/client/entry-server.tsx';
import { allContentKinds } from '../../src/shared/content-kinds.ts';
import { restRouter } from '../../src/server/rest/index.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, type AppRouter } from '../../src/server/trpc/router.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { makePublishedStory } from '../factories/public-content.ts';
import { publicCaller, procedureOf } from '../setup/callers.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { restRoutes, routeName } from '../setup/rest-routes.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * Drafts, scheduled items and unpublished items must not reach visitors anywhere. The places are
 * not listed by hand: every public tRPC query, every REST route open to visitors, every public
 * page of the route table, the feeds and the sitemap are walked, so a route added later is covered.
 */

// Every kind of the registry, by the names the checks below use: its router, detail page and feed.
const kinds = allContentKinds.map((info) => ({ kind: info.id, router: info.section, page: info.detailPath, feed: info.section }));

const HIDDEN = 'Hiddenmarker';
const start = new Date('2026-11-22T08:00:00Z');
const scheduledAt = new Date(start.getTime() + 3 * 60 * 60 * 1000);

let deps: TestDeps;
let clock: TestClock;
let server: TestServer;
/** Ids of items a visitor must not see, with where they live. */
const hidden: { id: number; router: string; page: string }[] = [];
const visible: { id: number; router: string; page: string }[] = [];
let scheduledIds: number[] = [];
/** A published story, so the story routes are reached too. */
let storyId = 0;

beforeAll(async () => {
  clock = new TestClock(start);
  deps = { ...createTestDeps(), clock };
  clock.waitsFor(() => deps.publication.settled());
  server = await startServer(deps);
  const words = (label: string) => ({
    titleEn: `${label} title`,
    titleFa: `${label} عنوان`,
    descriptionEn: `${label} text`,
    descriptionFa: `${label} متن`,
  });
  for (const { kind, router, page } of kinds) {
    const shown = await makeContent(deps, kind, { ...words(`Shown${kind}`), category: 'top', country: 'iran' });
    visible.push({ id: shown.id, router, page });
    const draft = await makeContent(deps, kind, { ...words(`${HIDDEN}draft${kind}`), category: 'top', country: 'iran', status: 'draft' });
    const scheduled = await makeContent(deps, kind, {
      ...words(`${HIDDEN}scheduled${kind}`),
      category: 'top',
      country: 'iran',
      status: 'scheduled',
      publishAt: scheduledAt,
    });
    const withdrawn = await makeContent(deps, kind, { ...words(`${HIDDEN}withdrawn${kind}`), category: 'top', country: 'iran' });
    const caller = (await import('../setup/callers.ts')).adminCaller;
    const { caller: admin } = await caller(deps);
    await procedureOf(admin, `${router}.update`)({ id: withdrawn.id, status: 'draft' });
    for (const item of [draft, scheduled, withdrawn]) hidden.push({ id: item.id, router, page });
    scheduledIds.push(scheduled.id);
  }
  const shownLegal = await makeLegalItem(deps, words('Shownlegal'));
  visible.push({ id: shownLegal.id, router: 'legal', page: '/legal' });
  const legalDraft = await makeLegalItem(deps, { ...words(`${HIDDEN}draftlegal`), status: 'draft' });
  const legalScheduled = await makeLegalItem(deps, { ...words(`${HIDDEN}scheduledlegal`), status: 'scheduled', publishAt: scheduledAt });
  const legalWithdrawn = await makeLegalItem(deps, words(`${HIDDEN}withdrawnlegal`));
  const { caller: legalEditor } = await (await import('../setup/callers.ts')).adminCaller(deps);
  await legalEditor.legal.update({ id: legalWithdrawn.id, status: 'draft' });
  hidden.push(
    { id: legalDraft.id, router: 'legal', page: '/legal' },
    { id: legalScheduled.id, router: 'legal', page: '/legal' },
    { id: legalWithdrawn.id, router: 'legal', page: '/legal' },
  );
  scheduledIds.push(legalScheduled.id);
  scheduledIds = [...new Set(scheduledIds)];
  storyId = (await makePublishedStory(deps, { title: 'Shownstory' })).id;
});
afterAll(async () => {
  await server?.close();
  await deps?.cleanup();
});

/**
 * Inputs tried on every public query: none, pages, every filter, searches for the hidden items'
 * words, and each hidden and visible id. Each query must accept at least one of them (below), so a
 * new public query with an input of another shape fails here until the walk learns to call it.
 */
const inputsFor = () => [
  undefined,
  {},
  { page: 1, pageSize: 50 },
  { page: 1, pageSize: 50, category: 'top' },
  { page: 1, pageSize: 50, country: 'iran' },
  { page: 1, pageSize: 50, category: 'top', country: 'iran', excerpt: 100 },
  ...['title', 'text', HIDDEN, `${HIDDEN}draftnews`, 'عنوان'].flatMap((q) => [{ q }, { q, page: 1 }]),
  ...hidden.map(({ id }) => ({ id })),
  ...visible.map(({ id }) => ({ id })),
];

const publicQueries = allProcedures.filter((procedure) => !procedure.guarded && procedure.type === 'query');

describe('Unpublished items never reach visitors', () => {
  it('covers the public queries that show content', () => {
    for (const path of ['news.list', 'news.byId', 'articles.list', 'articles.byId', 'reports.list', 'reports.byId', 'legal.list', 'legal.byId']) {
      expect(publicQueries.map((procedure) => procedure.path)).toContain(path);
    }
  });

  for (const procedure of publicQueries) {
    it(`${procedure.path} shows no draft, scheduled or unpublished item, whatever the input`, async () => {
      const call = procedureOf(publicCaller(deps), procedure.path);
      let accepted = 0;
      for (const input of inputsFor()) {
        const result = await call(input).then(
          (answer) => {
            accepted += 1;
            return answer;
          },
          (error: { code?: string }) => {
            if (error.code !== 'BAD_REQUEST') accepted += 1;
            return null;
          },
        );
        expect(JSON.stringify(result ?? null)).not.toContain(HIDDEN);
      }
      expect(accepted, `no input of the walk suits ${procedure.path}: teach inputsFor how to call it`).toBeGreaterThan(0);
    });
  }

  it('answers "not found" for every hidden item by id, and lists count only published items', async () => {
    const caller = publicCaller(deps);
    for (const { id, router } of hidden) await expect(procedureOf(caller, `${router}.byId`)({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const { router } of kinds) {
      const page = (await procedureOf(caller, `${router}.list`)({ page: 1, pageSize: 50, category: 'top', country: 'iran' })) as { total: number };
      expect(page.total).toBe(1);
    }
    // The one published legal item, though a draft, a scheduled and a withdrawn one exist.
    expect((await caller.legal.list({ page: 1, pageSize: 50 })).total).toBe(1);
  });

  // The routes as declared: a site is needed to build the router, never to read from it.
  const probe = createTestDeps();
  afterAll(() => probe.cleanup());
  const restGets = restRoutes(restRouter(probe)).filter((route) => route.method === 'GET');

  for (const route of restGets) {
    it(`REST ${routeName(route)} shows no hidden item to a visitor`, async () => {
      const paths = route.path.includes(':id')
        ? [...[...hidden, ...visible].map(({ id }) => id), storyId].map((id) => route.path.replace(':id', String(id)))
        : [route.path, `${route.path}?category=top&country=iran&per_page=50`, `${route.path}?q=title`, `${route.path}?q=${HIDDEN}`];
      let answered = 0;
      for (const path of paths) {
        const response = await fetch(`${server.url}/api${path}`);
        const text = await response.text();
        // Reached: answered, or refused to a visitor as a whole (401), which shows nothing either.
        if (response.ok || response.status === 401) answered += 1;
        expect(text).not.toContain(HIDDEN);
        if (route.path.includes(':id') && hidden.some(({ id }) => path.endsWith(`/${id}`)) && /\b(news|article|report|awareness)\b/.test(route.path))
          expect(response.status).toBe(404);
      }
      // Admin routes answer visitors 401; any other route must be reached at least once, or the
      // walk does not know how to call it (a parameter other than :id) and must be taught.
      if (!route.path.startsWith('/admin')) expect(answered, `no address of the walk reaches ${routeName(route)}`).toBeGreaterThan(0);
    });
  }

  it('serves no hidden item’s picture at its public address, and every shown item’s', async () => {
    const { adminCaller } = await import('../setup/callers.ts');
    const { caller } = await adminCaller(deps);
    const coverOf = async ({ id, router }: { id: number; router: string }) => {
      const item = (await procedureOf(caller, `${router}.adminById`)({ id })) as { image?: string; media?: string | null };
      return (item.image ?? item.media)!;
    };
    for (const item of hidden) expect((await fetch(`${server.url}/storage/${await coverOf(item)}`)).status).toBe(404);
    for (const item of visible) expect((await fetch(`${server.url}/storage/${await coverOf(item)}`)).status).toBe(200);
  });

  it('leaves hidden items out of the RSS feeds and the sitemap', async () => {
    for (const language of ['en', 'fa']) {
      for (const { feed } of kinds) {
        const text = await (await fetch(`${server.url}/rss/${language}/${feed}.xml`)).text();
        expect(text).toContain('Shown');
        expect(text).not.toContain(HIDDEN);
      }
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const { id, page } of hidden) expect(sitemap).not.toContain(`${page}/${id}<`);
    for (const { id, page } of hidden) expect(sitemap).not.toContain(`${page}/${id}?`);
  });

  async function renderPage(url: string, language: 'en' | 'fa') {
    const client = createTRPCClient<AppRouter>({
      links: [unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: language }) })],
    });
    return render(url, language, client);
  }

  it('renders no hidden item on any public page (lists, home, country pages, details, share tags), in both languages', async () => {
    const { publicRoutes } = await import('../../src/client/pages/public/public-routes.tsx');
    const pages = [
      '/',
      '/home',
      '/about',
      '/contact',
      '/latestNews',
      '/latestNews?category=top',
      '/articles',
      '/reports',
      '/gallery',
      '/yourStory',
      '/legal-awareness',
      '/iran',
      '/afghanistan',
      '/stories/1',
      '/sent/story',
      // A newsletter mail's links: a button, nothing of any item.
      '/newsletter/confirm/a-token',
      '/newsletter/unsubscribe/a-token',
      '/newsletter/done/confirmed',
      // Search finds published items by any word of their text, and never a hidden one.
      '/search?q=title',
      '/search?q=title&page=2',
      '/search?q=text',
      // A kept search's address (decision 018) whose token this browser never made: the empty search page.
      '/search/r/0123456789abcdef0123456789abcdef',
    ];
    // Previews too: without an editor's session they show nothing of the item.
    const details = [...hidden, ...visible].flatMap(({ id, page }) => [`${page}/${id}`, `/preview${page}/${id}`]);
    // Every route of the table is exercised by at least one of these addresses.
    for (const route of publicRoutes) expect([...pages, ...details].some((url) => route.pattern.test(url.split('?')[0]!))).toBe(true);
    for (const language of ['en', 'fa'] as const) {
      for (const url of [...pages, ...details]) {
        const result = await renderPage(url, language);
        expect(JSON.stringify(result)).not.toContain(HIDDEN);
      }
      for (const { id, page } of hidden) expect((await renderPage(`${page}/${id}`, language)).head.status).toBe(404);
      // The walk sees content at all: published items are on the same pages.
      expect(JSON.stringify(await renderPage('/latestNews?category=top', language))).toContain('Shownnews');
      expect(JSON.stringify(await renderPage('/iran', language))).toContain('Shownarticle');
      expect(JSON.stringify(await renderPage('/search?q=title', language))).toContain('Shownreport');
    }
  });
});

describe('Scheduled items go live at their time by themselves', () => {
  it('publishes at the scheduled moment with no request, and every reader and cache sees it at once', async () => {
    const before = await (await fetch(`${server.url}/api/news?category=top&per_page=50`)).json();
    expect(JSON.stringify(before)).not.toContain(`${HIDDEN}scheduled`);
    // A minute early: still hidden.
    await clock.advance(scheduledAt.getTime() - clock.now().getTime() - 60_000);
    expect(JSON.stringify(await (await fetch(`${server.url}/api/news?category=top&per_page=50`)).json())).not.toContain(`${HIDDEN}scheduled`);
    await clock.advance(60_000);
    const after = await (await fetch(`${server.url}/api/news?category=top&per_page=50`)).json();
    expect(JSON.stringify(after)).toContain(`${HIDDEN}schedulednews`);
    const feed = await (await fetch(`${server.url}/rss/en/reports.xml`)).text();
    expect(feed).toContain(`${HIDDEN}scheduledreport`);
    const legal = await (await fetch(`${server.url}/api/awareness`)).text();
    expect(legal).toContain(`${HIDDEN}scheduledlegal`);
    // Its public date is the moment it went live: it heads the list.
    expect(after.data[0].title_En).toBe(`${HIDDEN}schedulednews title`);
    expect(new Date(after.data[0].created_at).getTime()).toBe(scheduledAt.getTime());
    // Drafts and withdrawn items stay hidden.
    expect(JSON.stringify(after)).not.toContain(`${HIDDEN}draft`);
    expect(JSON.stringify(after)).not.toContain(`${HIDDEN}withdrawn`);
  });
});
