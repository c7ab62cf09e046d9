import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stories } from '../../src/server/db/schema.ts';
import { makeImageUpload, makeStory } from '../factories/index.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf } from '../setup/errors.ts';
import { startServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { isStored } from '../setup/stored.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const stored = async (relativePath: string) => await isStored(deps.storage, relativePath);

describe('stories.create (public)', () => {
  it('receives a visitor’s story as pending and answers without its id', async () => {
    const answer = await publicCaller(deps).stories.create({ title: 'Why I left', description: 'A long story.' });
    expect(answer).toEqual({ received: true, createdAt: expect.any(Date) });
    const { caller } = await adminCaller(deps);
    const page = await caller.stories.list({});
    expect(page.items).toMatchObject([{ title: 'Why I left', description: 'A long story.', status: 'pending', publishedAt: null, media: null }]);
  });

  it('takes an image or a video as media', async () => {
    const image = await makeImageUpload(deps);
    const video = await makeVideoUpload(deps);
    const withImage = await makeStory(deps, { mediaUploadId: image.id });
    const withVideo = await makeStory(deps, { mediaUploadId: video.id });
    const { caller } = await adminCaller(deps);
    expect(await caller.stories.byId({ id: withImage })).toMatchObject({ media: image.path, mediaKind: 'image' });
    expect(await caller.stories.byId({ id: withVideo })).toMatchObject({ media: video.path, mediaKind: 'video' });
  });

  it('refuses media already attached to another story', async () => {
    const image = await makeImageUpload(deps);
    await makeStory(deps, { mediaUploadId: image.id });
    const errors = await fieldErrorsOf(deps, publicCaller(deps).stories.create({ title: 'Copy', description: 'Copy', mediaUploadId: image.id }));
    expect(errors).toEqual({ mediaUploadId: ['The uploaded file was not found or has expired. Please upload it again.'] });
  });
});

describe('stories.published (public)', () => {
  it('lists only published stories, newest publication first, without their moderation status', async () => {
    const { caller } = await adminCaller(deps);
    const first = await makeStory(deps);
    const second = await makeStory(deps);
    const pending = await makeStory(deps);
    await caller.stories.publish({ id: second });
    await caller.stories.publish({ id: first });
    // The later-written story was published earlier: order follows publication, not ids.
    await deps.db.transaction((tx) =>
      tx
        .update(stories)
        .set({ publishedAt: new Date(Date.now() - 60_000) })
        .where(eq(stories.id, second)),
    );
    const page = await publicCaller(deps).stories.published({});
    expect(page.items.map((story) => story.id)).toEqual([first, second]);
    expect(page.total).toBe(2);
    expect(page.items.every((story) => !('status' in story))).toBe(true);
    expect(page.items.map((story) => story.id)).not.toContain(pending);
  });

  it('gives one published story by id, and NOT_FOUND for a pending one', async () => {
    const { caller } = await adminCaller(deps);
    const published = await makeStory(deps, { title: 'Out in the open' });
    const pending = await makeStory(deps);
    await caller.stories.publish({ id: published });
    expect(await publicCaller(deps).stories.publishedById({ id: published })).toMatchObject({ id: published, title: 'Out in the open' });
    expect(await clientErrorOf(deps, publicCaller(deps).stories.publishedById({ id: pending }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Story not found.',
    });
  });

  it('tells visitors when a story was published, never when its writer sent it (tRPC and REST)', async () => {
    const { caller } = await adminCaller(deps);
    const id = await makeStory(deps, { title: 'Sent at night' });
    const sentAt = new Date('2026-11-20T21:03:12.345Z');
    await deps.db.transaction((tx) => tx.update(stories).set({ createdAt: sentAt }).where(eq(stories.id, id)));
    const published = await caller.stories.publish({ id });
    const seen = [(await publicCaller(deps).stories.publishedById({ id })).createdAt, (await publicCaller(deps).stories.published({})).items[0]!.createdAt];
    expect(seen).toEqual([published.publishedAt, published.publishedAt]);
    const server = await startServer(deps);
    try {
      for (const pathname of [`/api/stories/${id}`, '/api/stories']) {
        const text = await (await fetch(server.url + pathname, { headers: { accept: 'application/json' } })).text();
        expect(text).toContain('Sent at night');
        expect(text).not.toContain('2026-11-20T21:03');
      }
    } finally {
      await server.close();
    }
    // Editors still see when it came in.
    expect((await caller.stories.byId({ id })).createdAt).toEqual(sentAt);
  });
});

describe('stories admin procedures', () => {
  it('list filters by status, all by default, newest first', async () => {
    const { caller } = await adminCaller(deps);
    const a = await makeStory(deps);
    const b = await makeStory(deps);
    const c = await makeStory(deps);
    await deps.db.transaction((tx) =>
      tx
        .update(stories)
        // Arrival times are kept to the day: c came the day before.
        .set({ createdAt: new Date(Date.now() - 86_400_000) })
        .where(eq(stories.id, c)),
    );
    await caller.stories.publish({ id: b });
    const ids = async (status?: 'all' | 'pending' | 'published') => (await caller.stories.list(status ? { status } : {})).items.map((story) => story.id);
    expect(await ids()).toEqual([b, a, c]);
    expect(await ids('pending')).toEqual([a, c]);
    expect(await ids('published')).toEqual([b]);
    expect((await caller.stories.list({ status: 'pending', pageSize: 1, page: 2 })).items.map((s) => s.id)).toEqual([c]);
  });

  it('publish sets the publication time and unpublish takes the story back out of public view', async () => {
    const { caller } = await adminCaller(deps);
    const id = await makeStory(deps);
    const published = await caller.stories.publish({ id });
    expect(published).toMatchObject({ status: 'published', publishedAt: expect.any(Date) });
    expect((await publicCaller(deps).stories.published({})).total).toBe(1);
    const withdrawn = await caller.stories.unpublish({ id });
    expect(withdrawn).toMatchObject({ status: 'pending', publishedAt: null });
    expect((await publicCaller(deps).stories.published({})).total).toBe(0);
  });

  it.each(['byId', 'publish', 'unpublish', 'delete'] as const)('%s answers NOT_FOUND "Story not found." for a missing story', async (procedure) => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.stories[procedure]({ id: 999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Story not found.' });
  });

  it('delete removes the story and its media file', async () => {
    const video = await makeVideoUpload(deps);
    const id = await makeStory(deps, { mediaUploadId: video.id });
    const { caller } = await adminCaller(deps);
    expect(await stored(video.path)).toBe(true);
    await expect(caller.stories.delete({ id })).resolves.toEqual({ id });
    expect(await stored(video.path)).toBe(false);
    expect((await caller.stories.list({})).total).toBe(0);
  });
});
