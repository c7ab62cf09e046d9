import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery, MAX_SPELLINGS, MAX_TERMS } from '../../src/server/search/match.ts';
import { SearchBusyError, searchExecutorFor } from '../../src/server/search/workers/pool.ts';
import { messages } from '../../src/shared/messages.ts';
import { insertWordyPosts, WORDY_VOCABULARY } from '../factories/search-content.ts';
import { publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/** The quoted spellings an expression asks the index for. */
const spellingsOf = (terms: string) => terms.match(/"[^"]*"/g) ?? [];

describe('what one query may ask of the index, decided before it runs', () => {
  it('asks for a word typed many times once', () => {
    expect(compileQuery(Array(16).fill('rights').join(' '))!.terms).toBe(compileQuery('rights')!.terms);
    // The index folds case, so these are one word to it.
    expect(spellingsOf(compileQuery('Rights RIGHTS rights law')!.terms)).toEqual(['"Rights"', '"law"']);
  });

  it(`asks for at most ${8} distinct words, the first ones typed`, () => {
    expect(MAX_TERMS).toBe(8);
    const terms = compileQuery(WORDY_VOCABULARY.slice(0, 16).join(' '))!.terms;
    expect(spellingsOf(terms)).toEqual(WORDY_VOCABULARY.slice(0, MAX_TERMS).map((word) => `"${word}"`));
  });

  it('asks for at most sixteen spellings in all, keeping every spelling of each word it keeps', () => {
    // Each of these words has four spellings (with and without the non-joiner, with آ and with ا).
    const words = ['آزادی‌ها', 'آموزش‌ها', 'آینده‌ها', 'آرزو‌ها', 'آسمان‌ها', 'آهنگ‌ها'];
    const compiled = compileQuery(words.join(' '))!;
    expect(spellingsOf(compiled.terms)).toHaveLength(MAX_SPELLINGS);
    expect(compiled.terms.split(' AND ')).toHaveLength(MAX_SPELLINGS / 4);
  });
});

describe('how long one search may run', () => {
  let deps: TestDeps;
  let query: string;
  beforeAll(async () => {
    deps = createTestDeps();
    query = await insertWordyPosts(deps, 200);
  });
  afterAll(() => deps.cleanup());

  it('stops a search that runs past its time limit, says so in the reader’s language, and answers the next one', async () => {
    const options = { threads: 1, queueLimit: 4, timeLimitMs: 1, idleMs: 60_000 };
    const searchWorkers = searchExecutorFor(deps.db, options);
    const site = { ...deps, searchWorkers };
    try {
      expect(await clientErrorOf(site, publicCaller(site, { lang: 'fa' }).search.query({ q: query }), 'fa')).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: messages.searchTooSlow.fa,
      });
      // The thread that overran is gone before another starts, so one slow search never costs two
      // cores (on PostgreSQL its statement is cancelled there too: statement_timeout).
      expect(searchWorkers.threadsAlive()).toBeLessThanOrEqual(options.threads);
      options.timeLimitMs = 30_000;
      expect((await publicCaller(site).search.query({ q: query })).total).toBe(200);
    } finally {
      await searchWorkers.close();
    }
  });

  it('runs at most its number of searches at once and refuses one more than the queue holds', async () => {
    const searchWorkers = searchExecutorFor(deps.db, { threads: 1, queueLimit: 1, timeLimitMs: 30_000, idleMs: 60_000 });
    const job = { input: { q: query, page: 1, pageSize: 10 }, language: 'en', audience: 'public', now: Date.now() } as const;
    try {
      const outcomes = await Promise.allSettled([searchWorkers.run(job), searchWorkers.run(job), searchWorkers.run(job)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(SearchBusyError);
      expect((outcomes[0] as PromiseFulfilledResult<{ total: number }>).value.total).toBe(200);
    } finally {
      await searchWorkers.close();
    }
  });

  it('ends a thread that has waited its idle time for a search, and starts another for the next search', async () => {
    const searchWorkers = searchExecutorFor(deps.db, { threads: 1, queueLimit: 1, timeLimitMs: 30_000, idleMs: 200 });
    const job = { input: { q: query, page: 1, pageSize: 10 }, language: 'en', audience: 'public', now: Date.now() } as const;
    try {
      expect((await searchWorkers.run(job)).total).toBe(200);
      expect(searchWorkers.threadsAlive()).toBe(1);
      // A search within the idle time keeps the thread.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await searchWorkers.run(job)).total).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(searchWorkers.threadsAlive()).toBe(1);
      await expect.poll(() => searchWorkers.threadsAlive(), { timeout: 5_000 }).toBe(0);
      const [first, second] = await Promise.all([searchWorkers.run(job), searchWorkers.run(job)]);
      expect([first.total, second.total]).toEqual([200, 200]);
      expect(searchWorkers.threadsAlive()).toBe(1);
    } finally {
      await searchWorkers.close();
    }
  });
});
