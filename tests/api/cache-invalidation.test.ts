import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { posts } from '../../src/server/db/schema.ts';
import { createDeps } from '../../src/server/deps.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { appRouter, createCaller } from '../../src/server/trpc/router.ts';
import { makeContent, makeGalleryItem, makeLegalItem, makeStory, makeUser, testPassword } from '../factories/index.ts';
import { giveTotp } from '../factories/second-factors.ts';
import { adminCaller } from '../setup/callers.ts';
import { restRouter } from '../../src/server/rest/index.ts';
import { CookieClient } from '../setup/http.ts';
import { restRoutes, routeName } from '../setup/rest-routes.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { trpcMutation } from '../setup/trpc-http.ts';
import { get, imageBlob, sendForm, sendJson, useRestServer, visitor, type RestWorld } from './rest-kit.ts';

const mutations = allProcedures.filter((procedure) => procedure.type === 'mutation');
const declared = (path: string) =>
  ((appRouter._def.procedures as unknown as Record<string, AnyProcedure>)[path]!._def.meta as { changesPublicContent?: unknown } | undefined)
    ?.changesPublicContent;

describe('every mutation says whether it changes what visitors see', () => {
  it.each(mutations.map((mutation) => [mutation.path]))('%s declares changesPublicContent on the procedure', (path) => {
    expect([true, false, 'when-public'], `${path} needs .meta({ changesPublicContent: true | false | 'when-public' })`).toContain(declared(path));
  });

  it('lets no mutation a visitor can call without signing in change public content, except the one-time first-run setup', () => {
    const anonymous = mutations.filter((mutation) => !mutation.guarded).map((mutation) => mutation.path);
    expect(anonymous.filter((path) => declared(path) !== false)).toEqual(['setup.createAdmin']);
  });
});

const restList = '/api/news?page=1';
const trpcList = `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1 } }))}`;

/** Two cached public lists, then a title changed behind the procedures' back: while the cache holds, readers still get the old one. */
async function cachedLists(world: RestWorld) {
  const item = await makeContent(world.deps, 'news', { titleEn: 'Cached headline' });
  const reader = new CookieClient(world.server.url);
  const etags: string[] = [];
  for (const pathname of [restList, trpcList]) {
    const first = await get(reader, pathname);
    expect(first.status).toBe(200);
    etags.push(first.headers.get('etag')!);
  }
  await world.deps.db.transaction((tx) =>
    tx
      .update(posts)
      .set({ titleEn: 'Changed behind the cache', updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, item.id)),
  );
  return {
    item,
    /** The lists as a reader gets them now: their ETags and whether the cached (old) title is still served. */
    async read() {
      const now = await Promise.all([restList, trpcList].map((pathname) => get(reader, pathname)));
      return {
        etags: now.map((response) => response.headers.get('etag')),
        stillCached: await Promise.all(now.map(async (r) => (await r.text()).includes('Cached headline'))),
      };
    },
    etags,
  };
}

type Write = (world: RestWorld, client: CookieClient) => Promise<Response | { status: number }>;

const trpc =
  (path: string, input?: unknown): Write =>
  async (_world, client) =>
    trpcMutation(client, path, input, client.xsrfHeaders());

/** Every kind of write a visitor can make without signing in, over REST and tRPC, with the status it gets. */
const anonymousWrites: [name: string, status: number, write: Write][] = [
  ['REST POST /api/logout', 200, (_w, client) => sendJson(client, 'POST', '/api/logout')],
  ['REST POST /api/admin/logout', 200, (_w, client) => sendJson(client, 'POST', '/api/admin/logout')],
  ['tRPC auth.logout', 200, trpc('auth.logout')],
  ['REST POST /api/subscribe', 200, (_w, client) => sendJson(client, 'POST', '/api/subscribe', { email: 'reader@example.org' })],
  ['tRPC newsletter.subscribe', 200, trpc('newsletter.subscribe', { email: 'other@example.org' })],
  [
    'REST POST /api/contact with an image',
    201,
    async (_w, client) => sendForm(client, '/api/contact', { name: 'Zahra', email: 'zahra@example.org', message: 'Hello' }, { image: await imageBlob() }),
  ],
  ['tRPC contacts.create', 200, trpc('contacts.create', { name: 'Hoda', email: 'hoda@example.org', message: 'Hello' })],
  [
    'REST POST /api/story with a photo',
    201,
    async (_w, client) => sendForm(client, '/api/story', { title: 'My story', description: 'What I lived.' }, { media: await imageBlob() }),
  ],
  ['tRPC stories.create', 200, trpc('stories.create', { title: 'Another story', description: 'What I lived.' })],
  [
    'REST POST /api/login with a wrong password',
    401,
    (_w, client) => sendJson(client, 'POST', '/api/login', { email: 'nobody@example.org', password: 'wrong password' }),
  ],
  ['tRPC auth.login with a wrong password', 401, trpc('auth.login', { email: 'nobody@example.org', password: 'wrong password' })],
  [
    'POST /api/uploads',
    201,
    async (_w, client) => {
      const form = new FormData();
      form.append('file', await imageBlob(), 'photo.png');
      return client.fetch('/api/uploads', { method: 'POST', body: form, headers: client.xsrfHeaders() });
    },
  ],
  [
    'tRPC setup.createAdmin with a wrong token',
    404,
    trpc('setup.createAdmin', { token: 'x'.repeat(43), name: 'A', email: 'a@example.org', password: 'a long enough password' }),
  ],
  ['tRPC auth.secondStep without a pending sign-in', 401, trpc('auth.secondStep', { code: '123456' })],
  ['REST POST /api/login/two-factor without a pending sign-in', 401, (_w, client) => sendJson(client, 'POST', '/api/login/two-factor', { code: '123456' })],
  ['tRPC auth.passkeyOptions', 200, trpc('auth.passkeyOptions')],
  [
    'tRPC auth.passkeySignIn with an answer no authenticator signed',
    401,
    trpc('auth.passkeySignIn', {
      response: { id: 'bm8ta2V5', rawId: 'bm8ta2V5', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } },
    }),
  ],
  [
    'an editor with an authenticator app signing in in two steps and out',
    200,
    async (world, client) => {
      const user = await makeUser(world.deps);
      const { recoveryCodes } = await giveTotp(world.deps, user.id);
      expect(await (await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword })).json()).toMatchObject({
        status: 'two_factor_required',
      });
      expect((await sendJson(client, 'POST', '/api/login/two-factor', { code: recoveryCodes[0] })).status).toBe(200);
      return sendJson(client, 'POST', '/api/logout');
    },
  ],
  [
    'an editor signing in and out',
    200,
    async (world, client) => {
      const user = await makeUser(world.deps);
      expect((await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword })).status).toBe(200);
      return sendJson(client, 'POST', '/api/logout');
    },
  ],
];

describe('writes that change nothing public leave the response cache and list memos alone', () => {
  const world = useRestServer();

  it.each(anonymousWrites)('%s keeps the ETag and the cached answer of a list', async (_name, status, write) => {
    const lists = await cachedLists(world);
    const client = await visitor(world);
    for (let round = 0; round < 3; round++) expect((await write(world, client)).status).toBe(status);
    const after = await lists.read();
    expect(after.etags).toEqual(lists.etags);
    expect(after.stillCached).toEqual([true, true]);
  });

  it('holds for every REST write and every tRPC mutation called without a session, whatever the body', async () => {
    const lists = await cachedLists(world);
    const client = await visitor(world);
    const writes = restRoutes(restRouter(world.deps)).filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      for (const body of [
        '{}',
        JSON.stringify({ email: 'x@example.org', password: 'wrong password', name: 'X', message: 'Hi', title: 'T', description: 'D' }),
      ]) {
        const response = await client.fetch(`/api${route.path.replaceAll(':id', '1')}`, {
          method: route.method,
          headers: { accept: 'application/json', 'content-type': 'application/json', ...client.xsrfHeaders() },
          body,
        });
        expect(response.status, routeName(route)).toBeLessThan(500);
      }
    }
    for (const mutation of mutations) expect((await trpcMutation(client, mutation.path, {}, client.xsrfHeaders())).status, mutation.path).toBeLessThan(500);
    expect(await lists.read()).toEqual({ etags: lists.etags, stillCached: [true, true] });
  });

  it('covers every tRPC mutation a visitor can call without signing in', () => {
    const covered = anonymousWrites.flatMap(([name]) => (name.match(/^tRPC (\S+)/)?.[1] ? [name.match(/^tRPC (\S+)/)![1]] : []));
    expect(new Set(covered)).toEqual(new Set(mutations.filter((mutation) => !mutation.guarded).map((mutation) => mutation.path)));
  });
});

describe('changes to what visitors see move every list and page on', () => {
  const world = useRestServer();

  type Caller = Awaited<ReturnType<typeof adminCaller>>['caller'];
  /** What exists before the lists are cached (its id), and the change made once they are. */
  const changes: [
    name: string,
    before: (caller: Caller, deps: TestDeps) => Promise<number>,
    change: (caller: Caller, id: number, deps: TestDeps) => Promise<unknown>,
  ][] = [
    ['creating a news item', async () => 0, (_caller, _id, deps) => makeContent(deps, 'news')],
    ['editing a news item', async (_caller, deps) => (await makeContent(deps, 'news')).id, (caller, id) => caller.news.update({ id, titleEn: 'Corrected' })],
    ['deleting a news item', async (_caller, deps) => (await makeContent(deps, 'news')).id, (caller, id) => caller.news.delete({ id })],
    ['publishing a story', (_caller, deps) => makeStory(deps), (caller, id) => caller.stories.publish({ id })],
    [
      'unpublishing a story',
      async (caller, deps) => {
        const id = await makeStory(deps);
        await caller.stories.publish({ id });
        return id;
      },
      (caller, id) => caller.stories.unpublish({ id }),
    ],
    [
      'deleting a published story',
      async (caller, deps) => {
        const id = await makeStory(deps);
        await caller.stories.publish({ id });
        return id;
      },
      (caller, id) => caller.stories.delete({ id }),
    ],
    ['adding a gallery item', async () => 0, (_caller, _id, deps) => makeGalleryItem(deps)],
    ['deleting a gallery item', async (_caller, deps) => (await makeGalleryItem(deps)).id, (caller, id) => caller.gallery.delete({ id })],
    ['adding a legal item', async () => 0, (_caller, _id, deps) => makeLegalItem(deps)],
    ['editing a legal item', async (_caller, deps) => (await makeLegalItem(deps)).id, (caller, id) => caller.legal.update({ id, titleEn: 'Corrected' })],
    ['deleting a legal item', async (_caller, deps) => (await makeLegalItem(deps)).id, (caller, id) => caller.legal.delete({ id })],
  ];

  it.each(changes)('%s changes the ETag and the answer', async (_name, before, change) => {
    const { caller } = await adminCaller(world.deps);
    const id = await before(caller, world.deps);
    const lists = await cachedLists(world);
    await change(caller, id, world.deps);
    const after = await lists.read();
    expect(after.etags[0]).not.toBe(lists.etags[0]);
    expect(after.etags[1]).not.toBe(lists.etags[1]);
    expect(after.stillCached).toEqual([false, false]);
  });
});

describe('a second process on the same database file', () => {
  const world = useRestServer();

  /** Another server process, as far as SQLite can tell: its own connection to the file, its own caches. */
  async function secondProcess(): Promise<{ deps: TestDeps; close(): Promise<void> }> {
    const db = await openAndMigrate(world.deps.env.DATABASE_URL);
    const deps = { ...createDeps({ db, env: world.deps.env, storage: world.deps.storage }), dir: world.deps.dir, cleanup: async () => {} };
    return { deps, close: () => db.close() };
  }

  it('leaves this process’s cached lists alone when its visitors subscribe, write, send stories or sign in', async () => {
    const lists = await cachedLists(world);
    const other = await secondProcess();
    try {
      const visitorThere = createCaller(innerContext(other.deps, { lang: 'en' }));
      await visitorThere.newsletter.subscribe({ email: 'there@example.org' });
      await visitorThere.contacts.create({ name: 'Hoda', email: 'hoda@example.org', message: 'Hello' });
      await visitorThere.stories.create({ title: 'A story sent there', description: 'What I lived.' });
      await expect(visitorThere.auth.login({ email: 'nobody@example.org', password: 'wrong password' })).rejects.toThrow();
      expect(await lists.read()).toEqual({ etags: lists.etags, stillCached: [true, true] });
    } finally {
      await other.close();
    }
  });

  it('moves this process’s lists on when an editor there publishes, edits or deletes', async () => {
    const other = await secondProcess();
    try {
      const { caller: editorThere } = await adminCaller(other.deps);
      for (const change of [
        (id: number) => editorThere.news.update({ id, titleEn: 'Edited there' }),
        (id: number) => editorThere.news.delete({ id }),
        async () => void (await makeContent(other.deps, 'news', { titleEn: 'Published there' })),
      ]) {
        const lists = await cachedLists(world);
        await change(lists.item.id);
        const after = await lists.read();
        expect(after.etags[0]).not.toBe(lists.etags[0]);
        expect(after.etags[1]).not.toBe(lists.etags[1]);
        expect(after.stillCached).toEqual([false, false]);
      }
    } finally {
      await other.close();
    }
  });
});
