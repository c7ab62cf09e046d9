import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { userCount } from '../../src/server/auth/bootstrap.ts';
import { housekeeping } from '../../src/server/background.ts';
import { auditLog, sessions, siteState } from '../../src/server/db/schema.ts';
import { oneNodeAtATime } from '../../src/server/db/site-jobs.ts';
import { startNode, type SiteNode } from '../../src/server/node.ts';
import { publishDue } from '../../src/server/publication/scheduler.ts';
import { readWriteBudget, WRITE_BUDGET_COOKIE } from '../../src/server/security/write-budget.ts';
import { makeContent, makeUser, testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation, trpcQuery, type TrpcHttpResult } from '../setup/trpc-http.ts';

/**
 * Two nodes of one site on one PostgreSQL database (decision 026): they share every count, the
 * setup token, the keys of what browsers hold and the content version, and do each background job
 * once. Runs in the PostgreSQL project only.
 */
let site: TestDeps;
let nodes: SiteNode[] = [];

afterEach(async () => {
  for (const node of nodes) await node.stop();
  nodes = [];
  await site.cleanup();
});

/** Two nodes started on one fresh database, each with its own connections. */
async function twoNodes(env: Record<string, string> = {}): Promise<[SiteNode, SiteNode]> {
  site = createTestDeps(env);
  for (let index = 0; index < 2; index++)
    nodes.push(await startNode({ env: site.env, port: 0, host: '127.0.0.1', clientDir: '/nonexistent', log: () => undefined }));
  return [nodes[0]!, nodes[1]!];
}

/** One browser's cookie jar, carried from one node to the other. */
const jar = new Map<string, string>();
async function from<T>(node: SiteNode, call: (client: CookieClient) => Promise<T>): Promise<T> {
  const client = new CookieClient(node.url);
  for (const [name, value] of jar) client.cookies.set(name, value);
  const result = await call(client);
  jar.clear();
  for (const [name, value] of client.cookies) jar.set(name, value);
  return result;
}
afterEach(() => jar.clear());

const subscribe = (node: SiteNode, index: number, headers: Record<string, string> = {}): Promise<TrpcHttpResult> =>
  from(node, (client) => trpcMutation(client, 'newsletter.subscribe', { email: `reader${index}@example.org` }, headers));

describe('two nodes on one PostgreSQL database', () => {
  it('count a visitor’s public writes together', async () => {
    const [a, b] = await twoNodes({ RATE_LIMIT_PUBLIC_WRITES: '2', TRUST_PROXY: 'loopback' });
    const visitor = { 'x-forwarded-for': '203.0.113.7' };
    expect((await subscribe(a, 1, visitor)).status).toBe(200);
    expect((await subscribe(b, 2, visitor)).status).toBe(200);
    const refused = await subscribe(a, 3, visitor);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another visitor is counted apart.
    expect((await subscribe(b, 4, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
  });

  it('count failed logins together: wrong passwords on both hold back the right one on either', async () => {
    const [a, b] = await twoNodes();
    const editor = await makeUser(site);
    const login = (node: SiteNode, password: string) => from(node, (client) => trpcMutation(client, 'auth.login', { email: editor.email, password }));
    for (let index = 0; index < 5; index++) expect((await login(index % 2 ? b : a, `wrong ${index}`)).status).toBe(401);
    for (const node of [a, b]) expect((await login(node, testPassword)).status).toBe(429);
  });

  it('accept on one node the write-budget cookie the other signed, and count that budget together', async () => {
    // From loopback (an onion service's visitors): the first write gives the browser a budget cookie.
    const [a, b] = await twoNodes({ RATE_LIMIT_PUBLIC_WRITES: '2' });
    expect((await subscribe(a, 1)).status).toBe(200);
    const cookie = jar.get(WRITE_BUDGET_COOKIE);
    expect(cookie).toBeTruthy();
    expect(readWriteBudget(b.deps.keys.writeBudget, cookie)).not.toBeNull();
    const second = await subscribe(b, 2);
    expect(second.status).toBe(200);
    // Node b took the budget as its own: it gave no new one.
    expect(second.headers.getSetCookie().some((line) => line.startsWith(`${WRITE_BUDGET_COOKIE}=`))).toBe(false);
    expect((await subscribe(a, 3)).status).toBe(429);
  });

  it('open setup on one node with the token the other printed, once', async () => {
    const [a, b] = await twoNodes();
    expect(a.setupToken && b.setupToken).toBeTruthy();
    const admin = (node: SiteNode, token: string) =>
      from(node, (client) =>
        trpcMutation(client, 'setup.createAdmin', { name: 'First editor', email: 'first@example.org', password: 'a long enough password', token }),
      );
    expect((await from(b, (client) => trpcQuery(client, 'setup.status'))).data).toEqual({ needed: true });
    expect((await admin(b, a.setupToken!)).status).toBe(200);
    // From another browser (the first one is now signed in): setup is gone on both nodes.
    for (const [node, token] of [
      [a, b.setupToken!],
      [b, a.setupToken!],
    ] as const) {
      jar.clear();
      expect((await admin(node, token)).status).toBe(404);
    }
  });

  it('create one administrator when both nodes’ tokens are used at the same moment', async () => {
    const [a, b] = await twoNodes();
    const admin = (node: SiteNode, token: string, email: string) =>
      trpcMutation(new CookieClient(node.url), 'setup.createAdmin', { name: 'First editor', email, password: 'a long enough password', token });
    const answers = await Promise.all([admin(a, b.setupToken!, 'one@example.org'), admin(b, a.setupToken!, 'two@example.org')]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await userCount(site.db)).toBe(1);
  });

  it('publish a due item once when both schedulers look at the same time', async () => {
    const [a, b] = await twoNodes();
    // Due by the schedulers' clock, not yet by the nodes' own timers.
    const clock = new TestClock(new Date(Date.now() + 20 * 60_000).toISOString());
    const item = await makeContent(site, 'news', { status: 'scheduled', publishAt: new Date(Date.now() + 10 * 60_000) });
    const counter = async () => (await site.db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, 'content_version')))[0]?.value ?? 0;
    const before = await counter();
    const published = await Promise.all([a, b].map((node) => publishDue({ ...node.deps, clock })));
    expect(published.sort()).toEqual([0, 1]);
    const audits = await site.db
      .select({ count: sql<number>`count(*)` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publication.post'), eq(auditLog.targetId, item.id)));
    expect(Number(audits[0]!.count)).toBe(1);
    expect(await counter()).toBe(before + 1);
  });

  it('name the same content with the same ETag, so a reader revalidates on either, and both move on at a change made anywhere', async () => {
    const [a, b] = await twoNodes();
    await makeContent(site, 'news');
    const list = (node: SiteNode, etag?: string) =>
      fetch(`${node.url}/api/news`, { headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await list(a);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await list(b)).headers.get('etag')).toBe(etag);
    expect((await list(b, etag)).status).toBe(304);
    // A change made through a third process on the same database (here, this test's own).
    await makeContent(site, 'news');
    const [fromA, fromB] = await Promise.all([list(a, etag), list(b, etag)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromA.headers.get('etag')).not.toBe(etag);
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    expect(((await fromB.json()) as { total: number }).total).toBe(2);
  });

  it('run a job on one node at a time: the other waits its turn, or skips it', async () => {
    const [a, b] = await twoNodes();
    let running = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 150));
      running--;
      return 'done';
    };
    expect(await Promise.all([a, b].map((node) => oneNodeAtATime(node.deps.db, 'test', 'wait', work)))).toEqual(['done', 'done']);
    expect(most).toBe(1);
    const skipped = await Promise.all([a, b].map((node) => oneNodeAtATime(node.deps.db, 'test', 'skip', work)));
    expect(skipped.filter((result) => result === 'done')).toHaveLength(1);
    expect(most).toBe(1);
  });

  it('do the hour’s housekeeping once: the node whose hourly turn comes second in the hour skips it', async () => {
    const [a, b] = await twoNodes();
    const user = await makeUser(site);
    const expired = async (id: string) => {
      await site.db.insert(sessions).values({ id, userId: user.id, expiresAt: new Date(Date.now() - 1000), createdAt: new Date() });
    };
    const left = async () => (await site.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id).sort();
    await expired('before-a');
    await housekeeping(a.deps, () => undefined, true);
    expect(await left()).toEqual([]);
    await expired('before-b');
    await housekeeping(b.deps, () => undefined, true);
    expect(await left()).toEqual(['before-b']);
    // A node's start does its housekeeping whatever the hour's turn.
    await housekeeping(b.deps, () => undefined);
    expect(await left()).toEqual([]);
  });
});
