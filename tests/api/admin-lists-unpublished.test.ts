import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeImageUpload } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

// Totals are remembered per content version, which only public changes move: an editor's list that
// shows unpublished items must not answer from a total counted before a draft was saved.
describe(`editors' lists on ${testDialect}`, () => {
  it('show a draft saved after the list was read, with every status and with drafts alone', async () => {
    const { caller } = await adminCaller(deps);
    const all = { page: 1, pageSize: 12 };
    const drafts = { ...all, status: 'draft' as const };
    expect((await caller.news.adminList(all)).total).toBe(0);
    expect((await caller.news.adminList(drafts)).total).toBe(0);
    expect((await caller.legal.adminList(all)).total).toBe(0);
    const upload = await makeImageUpload(deps);
    const draft = await caller.news.create({
      titleEn: 'A draft',
      titleFa: 'پیش‌نویس',
      descriptionEn: 'Words.',
      descriptionFa: 'واژه‌ها.',
      imageUploadId: upload.id,
      coverAltEn: 'A',
      coverAltFa: 'ب',
      status: 'draft',
    });
    await caller.legal.create({
      titleEn: 'A legal draft',
      titleFa: 'پیش‌نویس حقوقی',
      descriptionEn: 'Words.',
      descriptionFa: 'واژه‌ها.',
      videoLink: 'https://youtu.be/dQw4w9WgXcQ',
      status: 'draft',
    });
    expect((await caller.news.adminList(all)).items.map((item) => item.id)).toEqual([draft.id]);
    expect((await caller.news.adminList(drafts)).total).toBe(1);
    expect((await caller.legal.adminList(all)).total).toBe(1);
    // The public list still has none, and keeps its remembered total.
    expect((await caller.news.list(all)).total).toBe(0);
  });
});
