import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, newsletterSubscribers, posts } from '../../src/server/db/schema.ts';
import { imageBlob, json, sendForm, sendJson } from '../api/rest-kit.ts';
import { makeUser, testPassword } from '../factories/index.ts';
import { startCluster, Visitor, type Cluster, type ClusterNode } from './cluster-kit.ts';
import { waitFor } from './haproxy.ts';

/**
 * Issue 22: the site as several app nodes would run it. PostgreSQL, two nodes sharing its
 * database and one storage folder, HAProxy round robin in front; everything a visitor or an
 * editor does goes through the balancer unless a check must see each node's own answer.
 */

/** Contact messages, stories and subscriptions one visitor may send per hour, on each node (and, shared, across both). */
const PUBLIC_WRITES = 4;

let cluster: Cluster;
let editor: { email: string; id: number };

beforeAll(async () => {
  cluster = await startCluster({ RATE_LIMIT_PUBLIC_WRITES: String(PUBLIC_WRITES) });
  editor = await makeUser(cluster.deps, { name: 'Cluster editor' });
});

afterAll(async () => {
  await cluster?.stop();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
/** A moment `seconds` or a little more ahead, in whole seconds (publication times are kept to the second). */
const secondsAhead = (seconds: number) => new Date(Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000);

let addresses = 0;
/** A visitor from an address no other visitor of this file has (198.51.100.0/24, TEST-NET-2, then the /24s after it). */
function newVisitor(base = cluster.url): Visitor {
  addresses += 1;
  return new Visitor(base, `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`);
}

/** A visitor holding the anti-forgery cookie, as the site's own client does before it writes. */
async function visitorWithToken(base = cluster.url): Promise<Visitor> {
  const visitor = newVisitor(base);
  expect((await visitor.fetch('/sanctum/csrf-cookie')).status).toBe(204);
  return visitor;
}

async function signedInEditor(): Promise<Visitor> {
  const client = await visitorWithToken();
  const response = await sendJson(client, 'POST', '/api/login', { email: editor.email, password: testPassword });
  expect(response.status).toBe(200);
  expect(client.cookies.has('session')).toBe(true);
  return client;
}

const newsForm = (title: string) => ({ title_En: title, title_fa: `خبر ${title}`, description_En: `About ${title}.`, description_fa: 'متن.', image_alt_En: title, image_alt_fa: 'تصویر' });

async function createNews(client: Visitor, title: string, fields: Record<string, string>): Promise<number> {
  const response = await sendForm(client, '/api/admin/news', { ...newsForm(title), ...fields }, { image: await imageBlob() });
  expect(response.status).toBe(201);
  return (await json(response)).data.id as number;
}

/** What one node answers a reader now: the list (and its ETag), the item, and its page. */
async function readerView(reader: Visitor, id: number, title: string, listEtag?: string) {
  const list = await reader.fetch('/api/news', { headers: { accept: 'application/json', ...(listEtag ? { 'if-none-match': listEtag } : {}) } });
  const listText = list.status === 200 ? await list.text() : '';
  const item = await reader.fetch(`/api/news/${id}`, { headers: { accept: 'application/json' } });
  await item.body?.cancel();
  const page = await reader.fetch(`/news/${id}`, { headers: { accept: 'text/html' } });
  const pageText = await page.text();
  return {
    listStatus: list.status,
    listEtag: list.headers.get('etag'),
    listed: listText.includes(title),
    item: item.status,
    page: page.status,
    pageShows: pageText.includes(title),
  };
}

describe('two app nodes behind HAProxy on one PostgreSQL database', () => {
  it('puts both nodes UP behind the balancer, each healthy and each naming the balancer as the site', async () => {
    expect(await cluster.balancer.serverStates()).toEqual({ a: 'UP', b: 'UP' });
    for (const node of cluster.nodes) {
      const health = await fetch(`${node.url}/healthz`);
      expect(health.status).toBe(200);
      // PUBLIC_URL is the balancer's address: the feed names it, whichever node answers.
      const feed = await newVisitor(node.url).fetch('/rss/en/news.xml');
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain(cluster.url);
    }
  });

  it('a sign-in through the balancer holds on both nodes, and a sign-out on one ends it on the other', async () => {
    const client = await signedInEditor();
    for (const node of cluster.nodes) {
      const user = await client.at(node.url).fetch('/api/admin/user', { headers: { accept: 'application/json' } });
      expect(user.status, `node ${node.name}`).toBe(200);
      expect((await json(user)).id).toBe(editor.id);
    }
    // Through the balancer, request after request (so on both nodes in turn).
    for (let i = 0; i < 4; i += 1) expect((await client.fetch('/api/admin/user', { headers: { accept: 'application/json' } })).status).toBe(200);

    const [a, b] = cluster.nodes as [ClusterNode, ClusterNode];
    const onA = client.at(a.url);
    expect((await sendJson(onA, 'POST', '/api/admin/logout')).status).toBe(200);
    expect((await client.at(b.url).fetch('/api/admin/user', { headers: { accept: 'application/json' } })).status).toBe(401);
  });

  it('an item published on one node is served by both at once, and so is its withdrawal: no stale page, list or ETag', async () => {
    const editorClient = await signedInEditor();
    const title = `Cluster headline ${Date.now()}`;
    const id = await createNews(editorClient, title, { status: 'draft' });
    const readers = cluster.nodes.map((node) => newVisitor(node.url));
    const shown = { listStatus: 200, listed: true, item: 200, page: 200, pageShows: true };
    const hidden = { listStatus: 200, listed: false, item: 404, page: 404, pageShows: false };

    // Published on one node, withdrawn, published on the other, withdrawn: each time the other
    // node, which only hears of it from the database, is asked first.
    for (const [round, change] of [{ status: 'published' }, { status: 'draft' }, { status: 'published' }, { status: 'draft' }].entries()) {
      const writer = cluster.nodes[round < 2 ? 0 : 1]!;
      const expected = change.status === 'published' ? shown : hidden;
      // Each node has answered (and cached) the reader's view as it is before the change, with an ETag it honours.
      const before = [];
      for (const reader of readers) {
        await readerView(reader, id, title);
        const view = await readerView(reader, id, title);
        expect(view).toMatchObject(change.status === 'published' ? hidden : shown);
        expect((await readerView(reader, id, title, view.listEtag!)).listStatus).toBe(304);
        before.push(view);
      }
      // Both nodes name the same content with the same ETag: a reader revalidates on either.
      expect(before[1]!.listEtag).toBe(before[0]!.listEtag);
      expect((await readerView(readers[1]!, id, title, before[0]!.listEtag!)).listStatus).toBe(304);

      const saved = await sendForm(editorClient.at(writer.url), `/api/admin/news/${id}`, change);
      expect(saved.status).toBe(200);
      // The moment the editor has her answer, whichever node a reader reaches serves the change.
      const otherFirst = [...readers.entries()].sort(([i]) => (cluster.nodes[i] === writer ? 1 : -1));
      for (const [i, reader] of otherFirst) {
        const view = await readerView(reader, id, title);
        const where = `round ${round + 1}: ${change.status} on node ${writer.name}, read on node ${cluster.nodes[i]!.name}`;
        expect(view, where).toMatchObject(expected);
        expect(view.listEtag, where).not.toBe(before[i]!.listEtag);
        // A browser revalidating what either node gave it before gets the new list, not a 304.
        for (const old of before) expect((await readerView(reader, id, title, old.listEtag!)).listStatus, where).toBe(200);
      }
      const after = await Promise.all(readers.map(async (reader) => (await readerView(reader, id, title)).listEtag));
      expect(after[1]).toBe(after[0]);
    }
  });

  it('counts failed sign-ins of one visitor across both nodes: the sixth attempt waits, right password or not', async () => {
    const attacker = await visitorWithToken();
    // Five wrong passwords through the balancer: round robin sends them to both nodes in turn.
    for (let i = 0; i < 5; i += 1) {
      const refused = await sendJson(attacker, 'POST', '/api/login', { email: editor.email, password: `wrong guess ${i}` });
      expect(refused.status, `attempt ${i + 1}`).toBe(401);
    }
    const held = await sendJson(attacker, 'POST', '/api/login', { email: editor.email, password: testPassword });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(attacker.cookies.has('session')).toBe(false);
  });

  it('counts one visitor’s public writes across both nodes, and stores none past the limit', async () => {
    const writer = await visitorWithToken();
    const emails: string[] = [];
    const subscribe = () => {
      const email = `cluster-limit-${emails.length}-${Date.now()}@example.org`;
      emails.push(email);
      return sendJson(writer, 'POST', '/api/subscribe', { email });
    };
    const contact = () => sendForm(writer, '/api/contact', { name: 'Reader', email: 'reader@example.org', message: 'A message through the balancer.' });
    // Subscriptions and messages share the limit; round robin sends them to both nodes in turn.
    const allowed = [await subscribe(), await contact(), await subscribe(), await contact()];
    expect(allowed.map((response) => response.status)).toEqual([200, 201, 200, 201]);
    const refused = [await subscribe(), await contact(), await subscribe()];
    expect(refused.map((response) => response.status)).toEqual([429, 429, 429]);
    for (const response of refused) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(60);
    const stored = await cluster.deps.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, emails));
    expect(stored.map((row) => row.email).sort()).toEqual(emails.slice(0, 2).sort());
  });

  it('publishes scheduled items exactly once, on time, when both nodes wait for the same moment', async () => {
    const editorClient = await signedInEditor();
    const ids: number[] = [];
    for (const i of [0, 1, 2, 3]) ids.push(await createNews(editorClient, `Embargoed ${i} ${Date.now()}`, { status: 'scheduled', publish_at: inAnHour() }));
    // All moved to one moment a few seconds ahead, through the balancer: each node has scheduled
    // some of them and set its timer for it. (Whole seconds: the time is kept to the second.)
    const publishAt = secondsAhead(4);
    for (const id of ids) expect((await sendForm(editorClient, `/api/admin/news/${id}`, { publish_at: publishAt.toISOString() })).status).toBe(200);
    expect(Date.now(), 'the saves ended before the time they set').toBeLessThan(publishAt.getTime());

    const readers = cluster.nodes.map((node) => newVisitor(node.url));
    const visible = async () => Promise.all(readers.map(async (reader) => Promise.all(ids.map(async (id) => (await reader.fetch(`/api/news/${id}`)).status))));
    // Never early: every look before the time finds nothing on either node; then all of it on both.
    await waitFor(
      async () => {
        const statuses = (await visible()).flat();
        // Every answer of a look that ended before the time was made before it.
        if (Date.now() < publishAt.getTime()) expect(statuses.every((status) => status === 404), 'nothing served before its time').toBe(true);
        return statuses.every((status) => status === 200);
      },
      { timeoutMs: publishAt.getTime() - Date.now() + 5_000, what: () => 'both nodes to serve every scheduled item' },
    );

    const publications = await cluster.deps.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publication.post'), inArray(auditLog.targetId, ids)));
    expect(publications.map((row) => row.targetId).sort((a, b) => a! - b!)).toEqual([...ids].sort((a, b) => a - b));
    const rows = await cluster.deps.db.select({ createdAt: posts.createdAt, status: posts.status }).from(posts).where(inArray(posts.id, ids));
    for (const row of rows) expect(row).toEqual({ createdAt: publishAt, status: 'published' });
  });

  describe('when a node is killed', () => {
    const killedName = 'b';
    let scheduled: { id: number; publishAt: Date; goneAt: number } | null = null;

    it('loses no acknowledged write of a stream through the balancer, and the balancer keeps serving from the other node', async () => {
      const survivor = cluster.nodes.find((node) => node.name !== killedName)!;
      const victim = cluster.nodes.find((node) => node.name === killedName)!;

      // An item scheduled on the node about to die, due a little after its death (the next test reads it).
      const onVictim = (await signedInEditor()).at(victim.url);
      const id = await createNews(onVictim, `Due after a death ${Date.now()}`, { status: 'scheduled', publish_at: inAnHour() });
      const publishAt = secondsAhead(8);
      expect((await sendForm(onVictim, `/api/admin/news/${id}`, { publish_at: publishAt.toISOString() })).status).toBe(200);

      // Newsletter subscriptions, each from an address of its own (none meets the per-visitor limit).
      const acknowledged: string[] = [];
      /** The status of every write sent once the node was gone (0: no answer at all). */
      const afterDeath: number[] = [];
      let goneAt = 0;
      let sequence = 0;
      let givenUp = false;
      const enough = () => givenUp || (goneAt > 0 && afterDeath.length >= 60);
      const worker = async () => {
        while (!enough()) {
          sequence += 1;
          const email = `stream-${sequence}@example.org`;
          const startedAfterDeath = goneAt > 0;
          const client = newVisitor();
          let status: number;
          try {
            const response = await sendJson(client, 'POST', '/api/subscribe', { email }, {});
            status = response.status;
            await response.body?.cancel();
          } catch {
            // HAProxy closes the connection of a request the dead node had taken without answering.
            status = 0;
          }
          if (status >= 200 && status < 300) acknowledged.push(email);
          if (startedAfterDeath) afterDeath.push(status);
        }
      };
      const workers = Array.from({ length: 8 }, worker);

      try {
        await waitFor(() => acknowledged.length >= 40, { timeoutMs: 20_000, what: () => 'the first 40 writes' });
        victim.server.process.kill('SIGKILL');
        expect(await victim.server.exited).toBe('SIGKILL');
        goneAt = Date.now();
        scheduled = { id, publishAt, goneAt };
        await waitFor(enough, { timeoutMs: 30_000, what: () => `60 writes after the death (${afterDeath.length} so far)` });
      } finally {
        // However this ends, no writer is left running into the teardown.
        givenUp = true;
        await Promise.all(workers);
      }

      // Every write a node acknowledged is in the database, whichever node took it.
      const stored = new Set(
        (await cluster.deps.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((row) => row.email),
      );
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      // Only a write in flight on the node as it died may go unanswered; every one sent after was
      // acknowledged (a connection refused by the dead node is retried on the other).
      expect(afterDeath.length).toBeGreaterThanOrEqual(60);
      expect(afterDeath.filter((status) => status < 200 || status >= 300)).toEqual([]);

      // HAProxy's checks take the dead node out; reads keep coming from the survivor.
      await waitFor(async () => (await cluster.balancer.serverStates())[victim.name] === 'DOWN', { timeoutMs: 3_000, what: () => `${victim.name} marked DOWN` });
      expect((await cluster.balancer.serverStates())[survivor.name]).toBe('UP');
      const reader = newVisitor();
      for (let i = 0; i < 6; i += 1) {
        const health = await reader.fetch('/healthz');
        expect(health.status).toBe(200);
        const list = await reader.fetch('/api/news', { headers: { accept: 'application/json' } });
        expect(list.status).toBe(200);
        await list.body?.cancel();
      }
    });

    it('still publishes, on time and once, an item the killed node had scheduled', async () => {
      expect(scheduled, 'the previous test scheduled an item and killed its node').not.toBeNull();
      const { id, publishAt, goneAt } = scheduled!;
      expect(goneAt, 'the node died before the item was due').toBeLessThan(publishAt.getTime());
      const reader = newVisitor();
      await waitFor(async () => (await reader.fetch(`/api/news/${id}`)).status === 200, {
        timeoutMs: Math.max(0, publishAt.getTime() - Date.now()) + 5_000,
        what: () => `the survivor to publish item ${id}, due ${publishAt.toISOString()}`,
      });
      const publications = await cluster.deps.db
        .select({ targetId: auditLog.targetId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'publication.post'), eq(auditLog.targetId, id)));
      expect(publications).toHaveLength(1);
    });
  });
});
