import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { makeContent } from '../factories/index.ts';

describe('news procedures', () => {
  let deps: TestDeps;
  beforeEach(() => {
    deps = createTestDeps();
  });
  afterEach(() => deps.cleanup());

  it('lists created news newest first with its total', async () => {
    const first = await makeContent(deps, 'news', { titleEn: 'First' });
    const second = await makeContent(deps, 'news', { titleEn: 'Second' });
    const page = await publicCaller(deps).news.list({});
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    const { caller } = await adminCaller(deps);
    await caller.news.delete({ id: first.id });
    expect((await publicCaller(deps).news.list({})).total).toBe(1);
  });
});
