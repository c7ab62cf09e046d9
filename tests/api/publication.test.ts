import { afterEach, describe, expect, it } from 'vitest';
import { startPublishing } from '../../src/server/publication/scheduler.ts';
import { makeContent, makeLegalItem, makeUser } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { startServer, type TestServer } from '../setup/http.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { imageBlob, sendForm, signIn, visitor, get, json, type RestWorld } from './rest-kit.ts';

const hour = 60 * 60 * 1000;
let open: { deps: TestDeps; server?: TestServer }[] = [];
afterEach(async () => {
  for (const { deps, server } of open) {
    await server?.close();
    await deps.cleanup();
  }
  open = [];
});

function world(start = '2026-11-22T08:00:00Z') {
  const clock = new TestClock(start);
  const deps: TestDeps = { ...createTestDeps(), clock };
  clock.waitsFor(() => deps.publication.settled());
  open.push({ deps });
  return { deps, clock };
}

describe('Scheduled publishing', () => {
  it('names the scheduler in the activity log for what it published, and people by their name', async () => {
    const { deps, clock } = world();
    const { caller, user } = await adminCaller(deps, { user: await makeUser(deps, { name: 'Shirin Ebadi' }) });
    const post = await makeContent(deps, 'news', { status: 'scheduled', publishAt: new Date(clock.now().getTime() + hour) });
    const legal = await makeLegalItem(deps, { status: 'scheduled', publishAt: new Date(clock.now().getTime() + hour) });
    await caller.news.update({ id: post.id, titleEn: 'Corrected before it went out' });
    await clock.advance(2 * hour);
    startPublishing(deps);
    await deps.publication.settled();
    const rows = (await caller.audit.list({})).items;
    const byScheduler = rows.filter((row) => row.byScheduler);
    expect(byScheduler.map((row) => [row.action, row.targetId]).sort()).toEqual([
      ['publication.legal', legal.id],
      ['publication.post', post.id],
    ]);
    // No account did it, and no English sentence stands in for the item.
    for (const row of byScheduler) expect(row).toMatchObject({ userId: null, userEmail: null, userName: null, summary: null });
    expect(rows.find((row) => row.action === 'news.update')).toMatchObject({ userId: user.id, userName: 'Shirin Ebadi' });
  });

  it('publishes at start an item that fell due while the server was down', async () => {
    const { deps, clock } = world();
    const item = await makeContent(deps, 'news', { status: 'scheduled', publishAt: new Date(clock.now().getTime() + hour) });
    await expect(publicCaller(deps).news.byId({ id: item.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // No server is running while the hour passes; the clock moves without any timer armed.
    await clock.advance(2 * hour);
    expect((await publicCaller(deps).news.list({})).total).toBe(0);
    // The node's timer is the test's, so the test's own calls wake it and see its changes.
    startPublishing(deps);
    await deps.publication.settled();
    expect((await publicCaller(deps).news.byId({ id: item.id })).status).toBe('published');
  });

  it('follows an editor who moves the time earlier, later, or back to a draft', async () => {
    const { deps, clock } = world();
    // The node's timer is the test's, so the test's own calls wake it and see its changes.
    startPublishing(deps);
    await deps.publication.settled();
    const { caller } = await adminCaller(deps);
    const start = clock.now().getTime();
    const item = await makeLegalItem(deps, { status: 'scheduled', publishAt: new Date(start + 5 * hour) });
    await caller.legal.update({ id: item.id, publishAt: new Date(start + hour) });
    await clock.advance(hour - 1);
    expect((await publicCaller(deps).legal.list({})).total).toBe(0);
    await clock.advance(1);
    expect((await publicCaller(deps).legal.list({})).total).toBe(1);

    const later = await makeContent(deps, 'report', { status: 'scheduled', publishAt: new Date(clock.now().getTime() + hour) });
    await caller.reports.update({ id: later.id, status: 'draft' });
    await clock.advance(10 * hour);
    await expect(publicCaller(deps).reports.byId({ id: later.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller.reports.adminById({ id: later.id })).status).toBe('draft');
  });

  it('publishes at once a schedule already in the past, and refuses a schedule without a time', async () => {
    const { deps, clock } = world();
    const { caller } = await adminCaller(deps);
    const past = await makeContent(deps, 'article', { status: 'scheduled', publishAt: new Date(clock.now().getTime() - hour) });
    expect(past.status).toBe('published');
    for (const publishAt of [undefined, '']) {
      const error = await caller.articles.update({ id: past.id, status: 'scheduled', publishAt: publishAt as never }).catch((caught: unknown) => caught);
      expect(JSON.stringify(error)).toContain('publishAtRequired');
    }
  });

  it('makes a scheduled item findable by search at its time, by the site clock even years ahead of the machine', async () => {
    const { deps, clock } = world('2031-03-01T08:00:00Z');
    // The node's timer is the test's, so the test's own calls wake it and see its changes.
    startPublishing(deps);
    await deps.publication.settled();
    const item = await makeContent(deps, 'news', {
      titleEn: 'Embargoed report on shelters',
      status: 'scheduled',
      publishAt: new Date(clock.now().getTime() + hour),
    });
    const found = async () => (await publicCaller(deps).search.query({ q: 'shelters' })).items.map((hit) => hit.id);
    expect(await found()).toEqual([]);
    await clock.advance(hour);
    expect((await publicCaller(deps).news.byId({ id: item.id })).status).toBe('published');
    expect(await found()).toEqual([item.id]);
    await adminCaller(deps).then(({ caller }) => caller.news.update({ id: item.id, status: 'draft' }));
    expect(await found()).toEqual([]);
  });

  it('tells editors what goes live next, soonest first, across kinds, leaving out drafts and published items', async () => {
    const { deps, clock } = world();
    const { caller } = await adminCaller(deps);
    const at = (hours: number) => new Date(clock.now().getTime() + hours * hour);
    const later = await makeContent(deps, 'report', { status: 'scheduled', publishAt: at(30) });
    const soon = await makeLegalItem(deps, { status: 'scheduled', publishAt: at(2) });
    const middle = await makeContent(deps, 'news', { status: 'scheduled', publishAt: at(5) });
    await makeContent(deps, 'article', { status: 'draft' });
    await makeContent(deps, 'article');
    const next = await caller.dashboard.scheduled();
    expect(next.map((item) => [item.kind, item.id])).toEqual([
      ['legal', soon.id],
      ['news', middle.id],
      ['report', later.id],
    ]);
    expect(next[0]!.publishAt).toEqual(at(2));
    for (let index = 0; index < 6; index++) await makeContent(deps, 'news', { status: 'scheduled', publishAt: at(40 + index) });
    expect(await caller.dashboard.scheduled()).toHaveLength(5);
    await expect(publicCaller(deps).dashboard.scheduled()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('withdraws a published item from every list and its page when an editor unpublishes it', async () => {
    const { deps } = world();
    const { caller } = await adminCaller(deps);
    const item = await makeContent(deps, 'news', { category: 'top' });
    expect((await publicCaller(deps).news.list({ category: 'top' })).total).toBe(1);
    await caller.news.update({ id: item.id, status: 'draft' });
    expect((await publicCaller(deps).news.list({ category: 'top' })).total).toBe(0);
    await expect(publicCaller(deps).news.byId({ id: item.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const drafts = await caller.news.adminList({ status: 'draft' });
    expect(drafts.items.map((entry) => entry.id)).toEqual([item.id]);
    expect((await caller.news.adminList({ status: 'published' })).total).toBe(0);
  });
});

describe('REST status and publish_at', () => {
  const rest = {} as RestWorld;
  async function restWorld() {
    const { deps, clock } = world();
    rest.deps = deps;
    rest.server = await startServer(deps);
    open.at(-1)!.server = rest.server;
    return clock;
  }
  const form = { title_En: 'Scheduled march', title_fa: 'راهپیمایی', description_En: 'Text.', description_fa: 'متن.' };

  it('publishes a create at once when no status is given, as the original API did', async () => {
    await restWorld();
    const { client } = await signIn(rest);
    const created = await json(await sendForm(client, '/api/admin/news', form, { image: await imageBlob() }));
    const anonymous = await visitor(rest);
    expect((await get(anonymous, `/api/news/${created.data.id}`)).status).toBe(200);
  });

  it('keeps a draft or a scheduled create away from visitors until its time, a time without an offset being UTC', async () => {
    const clock = await restWorld();
    const { client } = await signIn(rest);
    const draft = await json(await sendForm(client, '/api/admin/news', { ...form, status: 'draft' }, { image: await imageBlob() }));
    const scheduled = await json(
      await sendForm(client, '/api/admin/news', { ...form, status: 'scheduled', publish_at: '2026-11-22T10:30' }, { image: await imageBlob() }),
    );
    const anonymous = await visitor(rest);
    for (const id of [draft.data.id, scheduled.data.id]) expect((await get(anonymous, `/api/news/${id}`)).status).toBe(404);
    await clock.advance(2.5 * hour - 1);
    expect((await get(anonymous, `/api/news/${scheduled.data.id}`)).status).toBe(404);
    await clock.advance(1);
    expect((await get(anonymous, `/api/news/${scheduled.data.id}`)).status).toBe(200);
    expect((await get(anonymous, `/api/news/${draft.data.id}`)).status).toBe(404);
  });

  it('schedules a create or an update that gives publish_at without a status, rather than publishing it early', async () => {
    const clock = await restWorld();
    const { client } = await signIn(rest);
    const embargoed = await json(await sendForm(client, '/api/admin/news', { ...form, publish_at: '2026-11-22T12:00:00Z' }, { image: await imageBlob() }));
    expect(embargoed.success).toBe(true);
    const draft = await json(await sendForm(client, '/api/admin/news', { ...form, status: 'draft' }, { image: await imageBlob() }));
    const rescheduled = await sendForm(client, `/api/admin/news/${draft.data.id}`, { publish_at: '2026-11-22T13:00:00Z' });
    expect(rescheduled.status).toBe(200);
    const anonymous = await visitor(rest);
    const visible = async (id: number) => (await get(anonymous, `/api/news/${id}`)).status;
    expect([await visible(embargoed.data.id), await visible(draft.data.id)]).toEqual([404, 404]);
    await clock.advance(4 * hour);
    expect([await visible(embargoed.data.id), await visible(draft.data.id)]).toEqual([200, 404]);
    await clock.advance(hour);
    expect([await visible(embargoed.data.id), await visible(draft.data.id)]).toEqual([200, 200]);
  });

  it('refuses a scheduled create without publish_at, or with a bad status, naming the field in the client language', async () => {
    await restWorld();
    const { client } = await signIn(rest);
    const missing = await sendForm(
      client,
      '/api/admin/news',
      { ...form, status: 'scheduled' },
      { image: await imageBlob() },
      { ...client.xsrfHeaders(), 'X-Lang': 'fa' },
    );
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual({ publish_at: ['زمان انتشار را انتخاب کنید.'] });
    const wrong = await sendForm(client, '/api/admin/news', { ...form, status: 'live' }, { image: await imageBlob() });
    expect((await json(wrong)).errors).toEqual({ status: ['Choose one of the offered options.'] });
    expect((await json(await get(await visitor(rest), '/api/news'))).total).toBe(0);
  });
});
