import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../src/server/auth/sessions.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { sessionPolicy } from '../../src/server/routers/auth.ts';
import { allContentKinds } from '../../src/shared/content-kinds.ts';
import { adminCaller, procedureOf, publicCaller, sessionTokenFor } from '../setup/callers.ts';
import { allProcedures } from '../setup/procedure-walk.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { makeContent, makeLegalItem, makeStory, makeUser, systemCaller } from '../factories/index.ts';

/**
 * Procedures marked `everyoneAlike` (ProcedureMeta) are answered without looking the session
 * cookie up. That is only right if their answers are the same whoever asks: these tests hold them
 * to it, on a site holding what only editors may see.
 */
const sites = sitesStartedInTests();
const alike = allProcedures.filter((procedure) => procedure.meta?.everyoneAlike);

interface Site {
  published: Record<string, number[]>;
  hidden: Record<string, number[]>;
}

async function siteWithHiddenThings(deps: TestDeps): Promise<Site> {
  const published: Record<string, number[]> = {};
  const hidden: Record<string, number[]> = {};
  for (const info of allContentKinds) {
    published[info.section] = [(await makeContent(deps, info.id)).id];
    hidden[info.section] = [
      (await makeContent(deps, info.id, { status: 'draft' })).id,
      (await makeContent(deps, info.id, { status: 'scheduled', publishAt: new Date(Date.now() + 86_400_000) })).id,
    ];
  }
  published.legal = [(await makeLegalItem(deps)).id];
  hidden.legal = [(await makeLegalItem(deps, { status: 'draft' })).id];
  const shown = await makeStory(deps, { title: 'A story the editors published' });
  await systemCaller(deps, await makeUser(deps)).stories.publish({ id: shown });
  published.stories = [shown];
  hidden.stories = [await makeStory(deps, { title: 'A story still waiting for the editors' })];
  return { published, hidden };
}

/** The inputs each marked procedure is asked with; a newly marked one must be given some here. */
function inputsOf(path: string, site: Site): unknown[] {
  const [router = '', name] = path.split('.');
  const ids = [...(site.published[router] ?? []), ...(site.hidden[router] ?? [])];
  if (name === 'list' || name === 'published')
    return [
      { page: 1, pageSize: 50 },
      { page: 1, pageSize: 50, language: 'fa' },
      { page: 2, pageSize: 1 },
    ].map((input) =>
      // Only the content kinds' and legal items' lists know a language.
      name === 'published' ? { page: input.page, pageSize: input.pageSize } : input,
    );
  if (name === 'byId' || name === 'publishedById') return ids.map((id) => ({ id }));
  if (path === 'config.get') return [undefined];
  throw new Error(`${path} is marked everyoneAlike: give it inputs in this test`);
}

const outcome = (asked: Promise<unknown>) =>
  asked.then(
    (data) => ({ data }),
    (error: { code?: string; message?: string }) => ({ error: `${error.code}: ${error.message}` }),
  );

describe('answers that are the same whoever asks', () => {
  it('are queries anyone may make, among them every public list and item', () => {
    for (const procedure of alike) {
      expect(procedure.type, procedure.path).toBe('query');
      expect(procedure.guarded, procedure.path).toBe(false);
    }
    const paths = alike.map((procedure) => procedure.path);
    for (const info of allContentKinds) expect(paths).toEqual(expect.arrayContaining([`${info.section}.list`, `${info.section}.byId`]));
    expect(paths).toEqual(expect.arrayContaining(['legal.list', 'legal.byId']));
    // What depends on who asks is not marked: the search (editors find drafts), the account, the moderation queue.
    for (const path of ['search.query', 'auth.me', 'stories.list', 'news.adminList']) expect(paths).not.toContain(path);
  });

  it('answer an administrator, an editor and a writer exactly what they answer a visitor, drafts and pending stories on the site', async () => {
    const deps = sites.deps();
    const site = await siteWithHiddenThings(deps);
    const visitor = publicCaller(deps);
    const accounts = await Promise.all(
      (['admin', 'editor', 'writer'] as const).map(async (role) => (await adminCaller(deps, { user: await makeUser(deps, { role }) })).caller),
    );
    let compared = 0;
    for (const { path } of alike)
      for (const input of inputsOf(path, site)) {
        const expected = await outcome(procedureOf(visitor, path)(input));
        for (const caller of accounts) {
          expect(await outcome(procedureOf(caller, path)(input)), `${path} ${JSON.stringify(input)}`).toEqual(expected);
          compared += 1;
        }
      }
    // Hidden items are refused alike, published ones shown alike: both kinds were asked for.
    expect(compared).toBeGreaterThan(alike.length * 3);
    const draft = site.hidden.news![0]!;
    await expect(procedureOf(accounts[0]!, 'news.byId')({ id: draft })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a signed-in editor asking for what is the same for everyone', () => {
  it('is answered without her session being looked up; what needs her still looks it up', async () => {
    const deps = sites.deps();
    const site = await siteWithHiddenThings(deps);
    const server = await sites.serve(deps);
    const editor = await makeUser(deps, { role: 'editor' });
    // Signed in a fifth of the idle period ago: any lookup slides her session on and sends a new cookie.
    const token = await sessionTokenFor(deps, editor, new Date(Date.now() - sessionPolicy(deps.env).idleMs / 5));
    const expiry = async () =>
      (
        await deps.db
          .select({ expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(token)))
      )[0]!.expiresAt.getTime();
    const before = await expiry();
    const ask = async (address: string) => {
      const response = await fetch(server.url + address, { headers: { cookie: `session=${token}` } });
      return { status: response.status, session: response.headers.getSetCookie().find((line) => line.startsWith('session=')), body: await response.text() };
    };
    const news = site.published.news![0]!;
    const trpc = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    for (const address of [
      trpc('news.list', { page: 1, pageSize: 5 }),
      trpc('news.byId', { id: news }),
      `/trpc/news.list,legal.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} }, 1: { json: {} } }))}`,
      '/api/news',
      `/api/news/${news}`,
      '/api/config',
    ]) {
      const answer = await ask(address);
      expect(answer.status, address).toBe(200);
      expect(answer.session, address).toBeUndefined();
      expect(await expiry(), address).toBe(before);
    }
    // The stories' REST route sends an editor the moderation queue: it looks her up, and her session slides.
    const queue = await ask('/api/stories');
    expect(queue.status).toBe(200);
    expect(queue.body).toContain('A story still waiting for the editors');
    expect(queue.session).toMatch(new RegExp(`^session=${token};`));
    expect(await expiry()).toBeGreaterThan(before);
    // A batch that mixes in a call that needs her is looked up too.
    const mixed = await ask(`/trpc/news.list,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} } }))}`);
    expect(mixed.status).toBe(200);
    expect(mixed.body).toContain(editor.email);
  });

  it('still has a cookie that cannot be a session token cleared', async () => {
    const deps = sites.deps();
    await makeContent(deps, 'news');
    const server = await sites.serve(deps);
    const response = await fetch(`${server.url}/api/news`, { headers: { cookie: 'session=long-gone' } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((line) => line.startsWith('session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  });
});
