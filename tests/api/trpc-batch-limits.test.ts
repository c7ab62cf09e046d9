import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { makeTrpcClient } from '../../src/client/lib/trpc.ts';
import { sharedInputs } from '../../src/client/lib/content.ts';
import { messages } from '../../src/shared/messages.ts';
import { batchLimits } from '../../src/shared/trpc-calls.ts';
import { newsletterSubscribers as subscribers } from '../../src/server/db/schema.ts';
import { makeContent } from '../factories/index.ts';
import { siteForEachTest } from '../setup/per-test.ts';

const site = siteForEachTest();

interface Call {
  path: string;
  input?: unknown;
}

const inputsOf = (calls: Call[]) => Object.fromEntries(calls.map((call, index) => [index, superjson.serialize(call.input)]));

function batchGet(calls: Call[], headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ batch: '1', input: JSON.stringify(inputsOf(calls)) });
  return fetch(`${site.server.url}/trpc/${calls.map((call) => call.path).join(',')}?${query}`, { headers });
}

function batchPost(calls: Call[]) {
  return fetch(`${site.server.url}/trpc/${calls.map((call) => call.path).join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inputsOf(calls)),
  });
}

const times = (count: number, call: Call) => Array.from({ length: count }, () => call);

async function refusal(response: Response) {
  expect(response.status).toBe(413);
  const body = (await response.json()) as { error: { json: { message: string; data: { code: string; httpStatus: number } } } };
  return body.error.json;
}

describe('a tRPC batch', () => {
  it('of 171 list calls in one GET (the audit’s 15 KB request that returned 2 MB) is refused with a short 413 before any call runs', async () => {
    for (let i = 0; i < 3; i++) await makeContent(site.deps, 'news', { descriptionEn: 'A long description. '.repeat(200) });
    const response = await batchGet(times(171, { path: 'news.list', input: { page: 1 } }));
    expect(Number(response.headers.get('content-length'))).toBeLessThan(1000);
    const error = await refusal(response);
    expect(error.message).toBe(messages.batchTooLarge.en);
    expect(error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
  });

  it(`may hold ${batchLimits.calls} calls, not one more, and says so in the reader's language`, async () => {
    const fits = await batchGet(times(batchLimits.calls, { path: 'config.get' }));
    expect(fits.status).toBe(200);
    expect((await fits.json()) as unknown[]).toHaveLength(batchLimits.calls);
    expect((await refusal(await batchGet(times(batchLimits.calls + 1, { path: 'config.get' }), { 'x-lang': 'fa' }))).message).toBe(messages.batchTooLarge.fa);
  });

  it(`may ask its list calls for ${batchLimits.rows} rows in all, counting the page size a call gets by default`, async () => {
    const fullPages = batchLimits.rows / 50;
    expect((await batchGet(times(fullPages, { path: 'news.list', input: { page: 1, pageSize: 50 } }))).status).toBe(200);
    await refusal(await batchGet(times(fullPages + 1, { path: 'news.list', input: { page: 1, pageSize: 50 } })));
    await refusal(
      await batchGet([...times(fullPages, { path: 'articles.list', input: { pageSize: 50 } }), { path: 'reports.list', input: { pageSize: '1' } }]),
    );
    // The gallery's default page is 24 rows: calls without a page size count 24 each.
    const defaultPages = Math.floor(batchLimits.rows / 24);
    expect((await batchGet(times(defaultPages, { path: 'gallery.list', input: {} }))).status).toBe(200);
    await refusal(await batchGet(times(defaultPages + 1, { path: 'gallery.list', input: {} })));
  });

  it('as the editors’ dashboard sends it (every list’s first page of twelve) fits', async () => {
    const page = { page: 1, pageSize: 12 };
    const response = await batchGet(
      ['news.list', 'articles.list', 'reports.list', 'gallery.list', 'legal.list', 'users.list', 'newsletter.list', 'contacts.list', 'stories.list'].map(
        (path) => ({ path, input: page }),
      ),
    );
    // The size check passes; the calls themselves then answer (a visitor is refused the editors' lists, not the batch).
    expect(response.status).not.toBe(413);
  });

  it('as the home page sends it (four lists and the site links) fits', async () => {
    const response = await batchGet([
      { path: 'news.list', input: sharedInputs.topNews },
      { path: 'news.list', input: sharedInputs.news },
      { path: 'articles.list', input: sharedInputs.articles },
      { path: 'reports.list', input: sharedInputs.reports },
      { path: 'config.get' },
    ]);
    expect(response.status).toBe(200);
  });

  it(`of list calls posted instead of sent by GET (queries may be posted) counts the same ${batchLimits.rows} rows`, async () => {
    await makeContent(site.deps, 'news', { titleEn: 'Posted batch' });
    const fullPages = batchLimits.rows / 50;
    const fits = await batchPost(times(fullPages, { path: 'news.list', input: { page: 1, pageSize: 50 } }));
    expect(fits.status).toBe(200);
    const answers = (await fits.json()) as { result: { data: { json: { items: { titleEn: string }[] } } } }[];
    expect(answers).toHaveLength(fullPages);
    expect(answers[0]!.result.data.json.items.map((item) => item.titleEn)).toContain('Posted batch');
    const error = await refusal(await batchPost(times(fullPages + 1, { path: 'news.list', input: { page: 1, pageSize: 50 } })));
    expect(error.message).toBe(messages.batchTooLarge.en);
    await refusal(await batchPost(times(Math.floor(batchLimits.rows / 24) + 1, { path: 'gallery.list', input: {} })));
  });

  it(`of more than ${batchLimits.calls} mutations in one POST is refused, and none of them runs`, async () => {
    const calls = Array.from({ length: batchLimits.calls + 1 }, (_, index) => ({
      path: 'newsletter.subscribe',
      input: { email: `reader${index}@example.org` },
    }));
    await refusal(await batchPost(calls));
    expect(await site.deps.db.select().from(subscribers)).toEqual([]);
    expect((await batchPost(calls.slice(0, 2))).status).toBe(200);
    expect(await site.deps.db.select().from(subscribers)).toHaveLength(2);
  });

  it('from the site’s own client is split to fit, so no page ever meets the limit', async () => {
    const client = makeTrpcClient(() => 'en', `${site.server.url}/trpc`);
    const answers = await Promise.all(Array.from({ length: batchLimits.calls * 2 + 3 }, () => client.config.get.query()));
    expect(answers).toHaveLength(batchLimits.calls * 2 + 3);
  });
});
