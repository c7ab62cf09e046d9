import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { makePost } from '../factories/public-content.ts';
import { promotedIn } from './gc-trace.ts';
import { startChildServer, stopChildServer, type ChildServer } from './child-server.ts';
import { createTestDeps, type TestDeps } from './test-db.ts';

/** A cookie naming no session: no cache answers, so every request renders its page. */
const UNCACHED = { cookie: 'session=renders-every-time' };

/**
 * The built server (client bundle and server renderer included, so only the e2e and cluster
 * projects, whose global setup builds them) on this run's engine, rendering pages uncached with its
 * garbage collections traced.
 */
export function describeRenderGarbage(): void {
  let deps: TestDeps;
  let server: ChildServer;
  /** The pages rendered: a home page in each language, a static page, a list and, once made, a news item. */
  const pages = ['/', '/about', '/latestnews', '/?lang=fa'];

  beforeAll(async () => {
    deps = createTestDeps();
    // Lists full enough for every card of the home page: one item of each kind made by its
    // procedure (with its picture), and fifteen copies of it.
    for (const kind of ['news', 'article', 'report'] as const) {
      const first = await makePost(deps, kind);
      if (kind === 'news') pages.push(`/news/${first.id}`);
      const [row] = await deps.db.select().from(posts).where(eq(posts.id, first.id));
      const { id: _id, ...original } = row!;
      const copies = Array.from({ length: 15 }, (_, i) => ({
        ...original,
        category: i % 3 ? null : 'top',
        createdAt: new Date(original.createdAt.getTime() + i + 1),
      }));
      await deps.db.transaction((tx) => tx.insert(posts).values(copies));
    }
    server = await startChildServer(
      deps.dir,
      { DATABASE_URL: deps.env.DATABASE_URL, STORAGE_DIR: deps.env.STORAGE_DIR!, VISITOR_WORK_MS_PER_SECOND: '0' },
      { nodeArgs: ['--trace-gc-nvp'] },
    );
  }, 60_000);

  afterAll(async () => {
    await stopChildServer(server);
    await deps.cleanup();
  });

  async function renderPages(times: number): Promise<void> {
    for (let round = 0; round < times; round++) {
      for (const page of pages) {
        const response = await fetch(server.url + page, { headers: UNCACHED });
        expect(`${page}: ${response.status}`).toBe(`${page}: 200`);
        await response.arrayBuffer();
      }
    }
  }

  /** Bytes V8 moved to the old generation in the young collections it traced since `from`. */
  const promotedSince = (from: number) => promotedIn(server.output().slice(from));

  /**
   * What a page's render leaves behind must die young. When something old held a render (a closure
   * of the handler's scope, a WeakMap's value, TanStack's per-fetch accessors), each young
   * collection moved the whole render to the old generation: 100–230 KB a page, which then filled a
   * few hundred megabytes before a full collection, and cost a sixth of a page's CPU in copying.
   */
  describe('server renders and the old generation', () => {
    it('move only a few kilobytes a page to the old generation, not the pages themselves', async () => {
      await renderPages(20);
      const from = server.output().length;
      const rounds = 60;
      await renderPages(rounds);
      const { bytes, collections } = promotedSince(from);
      // Enough young collections that every page was under way during some of them.
      expect(collections).toBeGreaterThan(10);
      const perPage = bytes / (rounds * pages.length);
      expect(perPage).toBeLessThan(30 * 1024);
    }, 120_000);
  });
}
