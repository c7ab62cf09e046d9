import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { CdnPurger } from '../../src/server/cache/purger.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { cdnPurges } from '../../src/server/db/schema.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { publishDue } from '../../src/server/publication/scheduler.ts';

/**
 * Decision 038: every public change queues one purge in the database, which one node sends to
 * CDN_PURGE_URL, again and again until the hook takes it. On both engines.
 */

const started = sitesStartedInTests();

interface HookCall {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A purge hook on a loopback port that answers the statuses given, one per call, then 200. */
async function purgeHook(statuses: number[] = []) {
  const calls: HookCall[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the purge outbox', () => {
  it('queues nothing when no purge hook is configured', async () => {
    const deps = started.deps();
    await makeContent(deps, 'news', { status: 'published' });
    expect(await deps.db.select().from(cdnPurges)).toEqual([]);
  });

  it('queues one row per public change, naming the item, its lists and its addresses, and nothing for what readers cannot see', async () => {
    const hook = await purgeHook();
    try {
      const deps = started.deps({ CDN_PURGE_URL: hook.url });
      const item = await makeContent(deps, 'news', { status: 'published', titleEn: 'Women teachers' });
      const rows = await deps.db.select().from(cdnPurges);
      expect(rows).toHaveLength(1);
      const keys = JSON.parse(rows[0]!.keys) as string[];
      const paths = JSON.parse(rows[0]!.paths) as string[];
      expect(keys.sort()).toEqual([`news-${item.id}`, 'list-news'].sort());
      for (const path of [
        `/news/${item.id}`,
        `/news/${item.id}-women-teachers`,
        `/news/${item.id}?lang=fa`,
        '/latestnews',
        '/latestnews?lang=fa',
        '/',
        '/rss/en/news.xml',
        '/rss/fa/news.xml',
        '/sitemap.xml',
        '/api/news',
        `/api/news/${item.id}`,
      ])
        expect(paths).toContain(path);
      expect(paths.some((path) => path.startsWith(`/news/${item.id}-`) && path !== `/news/${item.id}-women-teachers` && !path.includes('?'))).toBe(true);

      // A draft, a scheduled item, a draft's edit and deletion: nothing queued, the ids named nowhere.
      const draft = await makeContent(deps, 'article', { status: 'draft' });
      const { caller } = await adminCaller(deps);
      await caller.articles.update({ id: draft.id, titleEn: 'Still a draft' });
      await makeContent(deps, 'report', { status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000) });
      await caller.articles.delete({ id: draft.id });
      expect(await deps.db.select().from(cdnPurges)).toHaveLength(1);

      // A published legal item, then its withdrawal: one row each.
      const legal = await makeLegalItem(deps, { status: 'published' });
      await caller.legal.update({ id: legal.id, status: 'draft' });
      const legalRows = (await deps.db.select().from(cdnPurges)).slice(1);
      expect(legalRows).toHaveLength(2);
      for (const row of legalRows) expect(JSON.parse(row.keys)).toContain(`legal-${legal.id}`);
    } finally {
      await hook.close();
    }
  });

  it('queues the purge of a scheduled publication with the publication itself, naming the item and its addresses', async () => {
    const hook = await purgeHook();
    try {
      const deps = started.deps({ CDN_PURGE_URL: hook.url });
      const item = await makeContent(deps, 'article', { status: 'scheduled', publishAt: new Date(Date.now() + 1_000), titleEn: 'Due soon' });
      const legal = await makeLegalItem(deps, { status: 'scheduled', publishAt: new Date(Date.now() + 1_000) });
      expect(await deps.db.select().from(cdnPurges)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await publishDue(deps)).toBe(2);
      const rows = await deps.db.select().from(cdnPurges);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.keys)).toEqual(expect.arrayContaining([`articles-${item.id}`, 'list-articles', `legal-${legal.id}`, 'list-legal']));
      expect(JSON.parse(rows[0]!.paths)).toEqual(
        expect.arrayContaining([`/articles/${item.id}`, `/articles/${item.id}-due-soon`, `/legal/${legal.id}`, '/articles', '/legal-awareness']),
      );
    } finally {
      await hook.close();
    }
  });

  it('has each change purged once, by one of two nodes, as JSON with its Surrogate-Key and the token', async () => {
    const hook = await purgeHook();
    const deps = started.deps({ CDN_PURGE_URL: hook.url, CDN_PURGE_TOKEN: 'secret-purge-token' });
    // On PostgreSQL a second pool, as a second node has. SQLite's nodes are processes of their own:
    // a second handle in this process would wait for the first's write lock with the thread blocked,
    // so there both purgers share the one handle (whose transactions take turns, as processes' do).
    const other = deps.db.dialect === 'postgres' ? openDatabase(deps.env.DATABASE_URL) : deps.db;
    try {
      for (let i = 0; i < 6; i++) await makeContent(deps, 'news', { status: 'published' });
      expect(await deps.db.select().from(cdnPurges)).toHaveLength(6);
      const nodes = [new CdnPurger(deps.db, deps.env), new CdnPurger(other, deps.env)];
      // Each node claims a batch at a time (10), so both racing take turns on what is left.
      await Promise.all(nodes.map((node) => node.turn()));
      await Promise.all(nodes.map((node) => node.turn()));
      expect(await deps.db.select().from(cdnPurges)).toEqual([]);
      expect(hook.calls).toHaveLength(6);
      const keys = hook.calls.map((call) => (JSON.parse(call.body) as { keys: string[] }).keys.find((key) => key.startsWith('news-')));
      expect(new Set(keys).size).toBe(6);
      for (const call of hook.calls) {
        expect(call.method).toBe('POST');
        expect(call.headers.authorization).toBe('Bearer secret-purge-token');
        const body = JSON.parse(call.body) as { keys: string[]; urls: string[] };
        expect(call.headers['surrogate-key']).toBe(body.keys.join(' '));
        expect(body.urls).toContain(`${deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT}`}/latestnews`);
      }
    } finally {
      if (other !== deps.db) await other.close();
      await hook.close();
    }
  });

  it('tries a failing hook again, waiting longer each time, until it takes the purge; the token never reaches the log', async () => {
    const hook = await purgeHook([503, 500, 502]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deps = started.deps({ CDN_PURGE_URL: hook.url, CDN_PURGE_TOKEN: 'secret-purge-token', CDN_PURGE_RETRY_SECONDS: '0.1' });
    try {
      await makeContent(deps, 'news', { status: 'published' });
      const startedAt = Date.now();
      deps.purger.start();
      await until(async () => hook.calls.length >= 2, 'a second try');
      const [row] = await deps.db.select().from(cdnPurges);
      expect(row).toMatchObject({ attempts: expect.any(Number), error: expect.stringMatching(/^HTTP 5\d\d$/) });
      await until(async () => (await deps.db.select().from(cdnPurges)).length === 0, 'the purge to succeed');
      expect(hook.calls).toHaveLength(4);
      // 0.1 s, then 0.2 s, then 0.4 s between the tries.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(650);
      const logged = errors.mock.calls.flat().map(String).join('\n');
      expect(logged).toMatch(/HTTP 503/);
      expect(logged).not.toContain('secret-purge-token');
    } finally {
      await deps.purger.stop();
      errors.mockRestore();
      await hook.close();
    }
  });

  it('in the nginx style, sends one PURGE per address and language', async () => {
    const hook = await purgeHook();
    const deps = started.deps({ CDN_PURGE_URL: hook.url, CDN_PURGE_STYLE: 'nginx' });
    try {
      const item = await makeContent(deps, 'news', { status: 'published' });
      const [row] = await deps.db.select().from(cdnPurges);
      await deps.purger.turn();
      const paths = JSON.parse(row!.paths) as string[];
      expect(hook.calls).toHaveLength(paths.length * 2);
      expect(hook.calls.every((call) => call.method === 'PURGE')).toBe(true);
      const sent = hook.calls.map((call) => `${call.url} ${String(call.headers['x-lang'])}`);
      for (const language of ['en', 'fa']) expect(sent).toContain(`/news/${item.id} ${language}`);
      expect(await deps.db.select().from(cdnPurges)).toEqual([]);
    } finally {
      await hook.close();
    }
  });
});
