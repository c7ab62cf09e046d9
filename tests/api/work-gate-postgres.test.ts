import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { generateSessionToken } from '../../src/server/auth/sessions.ts';
import { postgresOf } from '../../src/server/db/client.ts';
import { makeContent, makeUser } from '../factories/index.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { pageRenders, sourcePages } from '../setup/source-pages.ts';

/**
 * Readers who leave while their request waits (runs in the PostgreSQL project only, where a session
 * cookie's lookup waits for the database): whatever counted them must let go, or the readers after
 * them are held and refused.
 */
const sites = sitesStartedInTests();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds `table` with an exclusive lock until `release` is called; `waiting()` counts the queries waiting for it. */
async function lockTable(url: string, table: string) {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    waiting: async () =>
      Number((await blocker.query<{ n: string }>('SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = $1::regclass', [table])).rows[0]!.n),
    release: async () => {
      await blocker.query('COMMIT');
      await blocker.end();
    },
  };
}

describe('readers who leave while their session cookie is looked up', () => {
  it('leave nothing counted behind them: the next reader behind the same address is answered at once', async () => {
    // Everyone behind a loopback address (an onion service) is one client, with a few answers in the making at once.
    const deps = sites.deps({ VISITOR_WORK_MS_PER_SECOND: '100' });
    await makeContent(deps, 'news');
    const server = await sites.serve(deps);
    // The lookups wait for this lock, so the readers surely leave while they are under way.
    const lock = await lockTable(postgresOf(deps.db).url, 'sessions');
    try {
      const leaving = Array.from({ length: 8 }, (_, n) => {
        const abort = new AbortController();
        // The moderation queue's route: an editor's session gets it, so a session cookie is looked up.
        const asked = fetch(`${server.url}/api/stories?per_page=${n + 2}`, {
          headers: { cookie: `session=${generateSessionToken()}` },
          signal: abort.signal,
        }).catch(() => null);
        return { abort, asked };
      });
      while ((await lock.waiting()) < 4) await pause(10);
      for (const reader of leaving) reader.abort.abort();
      await Promise.all(leaving.map((reader) => reader.asked));
      await pause(200);
    } finally {
      await lock.release();
    }
    await pause(200);
    const asked = Date.now();
    // Before the fix she waited for good: the readers who left were still counted as being answered.
    const response = await fetch(`${server.url}/api/news?per_page=20`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(Date.now() - asked).toBeLessThan(1_500);
  });
});

describe('a crowd asking for one page while every place to work is taken', () => {
  it('costs one render: each reader whose turn comes after it was made is sent the kept answer', async () => {
    const deps = sites.deps({ WORK_AT_ONCE: '1', VISITOR_WORK_MS_PER_SECOND: '0' });
    const item = await makeContent(deps, 'news');
    const server = await sites.serve(deps, { clientDir: sourcePages(deps) });
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    const renders = pageRenders();
    // The one place is taken by a render that waits for the locked table.
    const lock = await lockTable(postgresOf(deps.db).url, 'posts');
    const codings = ['br', 'gzip', 'identity'];
    let busy: Promise<number>, crowd: Promise<{ status: number; coding: string; body: string }[]>;
    try {
      busy = fetch(`${server.url}/latestnews`).then((response) => response.status);
      while ((await lock.waiting()) < 1) await pause(10);
      crowd = Promise.all(
        Array.from({ length: 12 }, async (_, n) => {
          const response = await fetch(`${server.url}/news/${item.id}`, { headers: { 'accept-encoding': codings[n % 3]! } });
          return { status: response.status, coding: response.headers.get('content-encoding') ?? 'identity', body: await response.text() };
        }),
      );
      await pause(300);
    } finally {
      await lock.release();
    }
    expect(await busy).toBe(200);
    const answers = await crowd;
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.body).toContain(item.titleEn);
    expect(answers.map((answer) => answer.coding)).toEqual(Array.from({ length: 12 }, (_, n) => codings[n % 3]));
    expect(pageRenders() - renders).toBe(2);
  });
});

describe('a session cookie that cannot name a session', () => {
  it('is cleared without asking the database, while one shaped like a token is looked up', async () => {
    const deps = sites.deps();
    await makeContent(deps, 'news');
    const server = await sites.serve(deps);
    const lock = await lockTable(postgresOf(deps.db).url, 'sessions');
    let shaped: Promise<number>;
    try {
      // Another application's cookie of the same name, a made-up one, one far too long: answered while the table is locked.
      for (const cookie of ['session=long-gone', `session=${'a'.repeat(31)}`, `session=${'z'.repeat(4000)}`, 'session=%00%ff']) {
        const response = await fetch(`${server.url}/api/news?per_page=3`, { headers: { cookie }, signal: AbortSignal.timeout(3_000) });
        expect(response.status).toBe(200);
        expect(response.headers.getSetCookie().find((line) => line.startsWith('session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
        await response.arrayBuffer();
      }
      expect(await lock.waiting()).toBe(0);
      // A token's shape that names no session is looked up where the answer may depend on it, so it waits for the lock.
      shaped = fetch(`${server.url}/api/stories?per_page=4`, { headers: { cookie: `session=${generateSessionToken()}` } }).then((response) => response.status);
      await expect.poll(() => lock.waiting(), { timeout: 5_000 }).toBe(1);
    } finally {
      await lock.release();
    }
    expect(await shaped).toBe(200);
  });
});

describe('a lock on the sessions table', () => {
  it('holds no one asking for what is the same for everyone, signed in or not, while what depends on her waits', async () => {
    const deps = sites.deps();
    const item = await makeContent(deps, 'news');
    const server = await sites.serve(deps);
    const editor = await makeUser(deps, { role: 'editor' });
    const token = await sessionTokenFor(deps, editor);
    // An account deleted or a second factor removed rewrites the table under this lock (VACUUM FULL).
    const lock = await lockTable(postgresOf(deps.db).url, 'sessions');
    let queue: Promise<number>;
    try {
      const input = encodeURIComponent(JSON.stringify({ json: { id: item.id } }));
      for (const cookie of [`session=${token}`, `session=${generateSessionToken()}`])
        for (const address of ['/api/news?per_page=3', `/api/news/${item.id}`, `/trpc/news.byId?input=${input}`, '/api/config']) {
          const response = await fetch(server.url + address, { headers: { cookie }, signal: AbortSignal.timeout(3_000) });
          expect(response.status, address).toBe(200);
          await response.arrayBuffer();
        }
      expect(await lock.waiting()).toBe(0);
      queue = fetch(`${server.url}/api/stories`, { headers: { cookie: `session=${token}` } }).then((response) => response.status);
      await expect.poll(() => lock.waiting(), { timeout: 5_000 }).toBe(1);
    } finally {
      await lock.release();
    }
    expect(await queue).toBe(200);
  });
});
