import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makeContent, makeLegalItem, makeStory } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import type { TestServer } from '../setup/http.ts';

const hour = 3_600_000;
const reads = ['/api/news?page=1', `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`, '/rss/en/news.xml', '/sitemap.xml'];
const started = sitesStartedInTests();

/** A site on a clock the test moves, with one published item. */
async function startSite() {
  const clock = new TestClock();
  const deps: TestDeps = { ...createTestDeps(), clock };
  clock.waitsFor(() => deps.publication.settled());
  const server: TestServer = await started.serve(deps);
  const { caller } = await adminCaller(deps);
  const published = await makeContent(deps, 'news', { titleEn: 'Published before' });
  return { deps, clock, caller, published, server };
}

type Site = Awaited<ReturnType<typeof startSite>>;

/**
 * Caches every public read, then changes the published title behind the procedures' back: an
 * answer that still shows the old title comes from the cache. Resolves to a check of which reads
 * still answer with the ETag and body they had.
 */
async function cacheReads(site: Site): Promise<() => Promise<boolean[]>> {
  const etags = await Promise.all(reads.map(async (pathname) => (await fetch(site.server.url + pathname)).headers.get('etag')));
  await site.deps.db.transaction((tx) =>
    tx
      .update(posts)
      .set({ titleEn: 'Changed behind the cache', updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, site.published.id)),
  );
  return () =>
    Promise.all(
      reads.map(async (pathname, index) => {
        const response = await fetch(site.server.url + pathname);
        const body = await response.text();
        // The sitemap names no titles: its ETag tells.
        const cachedBody = pathname === '/sitemap.xml' || !body.includes('Changed behind the cache');
        return response.headers.get('etag') === etags[index] && cachedBody;
      }),
    );
}

const inAnHour = (site: Site) => new Date(site.clock.now().getTime() + hour);

/** Saves editors make to items no reader can see: drafts, scheduled items, pending stories. */
const unseen: [name: string, save: (site: Site) => Promise<unknown>][] = [
  ['creating a draft', (site) => makeContent(site.deps, 'news', { status: 'draft' })],
  ['creating a scheduled item', (site) => makeContent(site.deps, 'article', { status: 'scheduled', publishAt: inAnHour(site) })],
  [
    'editing a draft',
    async (site) => {
      const draft = await makeContent(site.deps, 'news', { status: 'draft' });
      await site.caller.news.update({ id: draft.id, titleEn: 'Still a draft' });
    },
  ],
  [
    'rescheduling a scheduled item',
    async (site) => {
      const item = await makeContent(site.deps, 'report', { status: 'scheduled', publishAt: inAnHour(site) });
      await site.caller.reports.update({ id: item.id, titleEn: 'Later', status: 'scheduled', publishAt: new Date(inAnHour(site).getTime() + hour) });
    },
  ],
  [
    'deleting a draft',
    async (site) => {
      const draft = await makeContent(site.deps, 'news', { status: 'draft' });
      await site.caller.news.delete({ id: draft.id });
    },
  ],
  [
    'restoring an earlier revision of a draft',
    async (site) => {
      const draft = await makeContent(site.deps, 'news', { status: 'draft', titleEn: 'First words' });
      await site.caller.news.update({ id: draft.id, titleEn: 'Second words' });
      const [, first] = await site.caller.revisions.list({ owner: 'post', id: draft.id });
      await site.caller.revisions.restore({ id: first!.id });
    },
  ],
  [
    'creating, editing and deleting a draft legal item',
    async (site) => {
      const draft = await makeLegalItem(site.deps, { status: 'draft' });
      await site.caller.legal.update({ id: draft.id, titleEn: 'Still a draft' });
      await site.caller.legal.delete({ id: draft.id });
    },
  ],
  ['deleting a story nobody has published', async (site) => site.caller.stories.delete({ id: await makeStory(site.deps) })],
  ['unpublishing a story that was never published', async (site) => site.caller.stories.unpublish({ id: await makeStory(site.deps) })],
];

describe('saving what readers cannot see', () => {
  it.each(unseen)('%s keeps the public ETag and every cached answer', async (_name, save) => {
    const site = await startSite();
    const unchanged = await cacheReads(site);
    await save(site);
    expect(await unchanged()).toEqual(reads.map(() => true));
  });
});

/** Changes readers see, some of them made to unpublished items. */
const seen: [name: string, change: (site: Site) => Promise<unknown>, prepare?: (site: Site) => Promise<unknown>][] = [
  ['editing a published item', (site) => site.caller.news.update({ id: site.published.id, titleEn: 'Corrected' })],
  ['withdrawing a published item to a draft', (site) => site.caller.news.update({ id: site.published.id, status: 'draft' })],
  [
    'publishing a draft',
    async (site) => {
      const draft = await makeContent(site.deps, 'news', { status: 'draft' });
      await site.caller.news.update({ id: draft.id, status: 'published' });
    },
  ],
  [
    'a scheduled item going live at its time',
    async (site) => {
      await makeContent(site.deps, 'news', { status: 'scheduled', publishAt: inAnHour(site) });
      await site.clock.advance(hour);
    },
  ],
  ['deleting a published item', (site) => site.caller.news.delete({ id: site.published.id })],
  [
    'restoring a revision of a published item',
    async (site) => {
      const [, first] = await site.caller.revisions.list({ owner: 'post', id: site.published.id });
      await site.caller.revisions.restore({ id: first!.id });
    },
    (site) => site.caller.news.update({ id: site.published.id, titleEn: 'Second words' }),
  ],
  [
    'unpublishing a published story',
    async (site) => site.caller.stories.unpublish({ id: (await site.caller.stories.list({ status: 'published' })).items[0]!.id }),
    async (site) => site.caller.stories.publish({ id: await makeStory(site.deps) }),
  ],
];

describe('changes readers can see', () => {
  it.each(seen)('%s moves the ETag on and empties the cache', async (_name, change, prepare) => {
    const site = await startSite();
    if (prepare) await prepare(site);
    const unchanged = await cacheReads(site);
    await change(site);
    expect(await unchanged()).toEqual(reads.map(() => false));
  });
});
