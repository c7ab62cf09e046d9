import { variantPath } from '../../src/shared/image-variants.ts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { posts, stories, users } from '../../src/server/db/schema.ts';
import { makeImageUpload, makeStory, makeUser, systemCaller } from '../factories/index.ts';
import { adminCaller, sessionTokenFor } from '../setup/callers.ts';
import { rejectionOf } from '../setup/errors.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { CookieClient, startServer } from '../setup/http.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';
import { holdSession } from '../setup/trpc-http.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const draftOf = async (title: string, extra: Record<string, unknown> = {}) => ({
  titleEn: title,
  titleFa: 'پیش‌نویس',
  descriptionEn: 'Words.',
  descriptionFa: 'واژه‌ها.',
  imageUploadId: (await makeImageUpload(deps)).id,
  coverAltEn: 'A cover',
  coverAltFa: 'یک جلد',
  ...extra,
});

describe(`writers on ${testDialect}`, () => {
  it('save only drafts, of their own, and send them for review; an editor then sees and publishes them', async () => {
    const writer = await makeUser(deps, { name: 'Volunteer writer', role: 'writer' });
    const asWriter = systemCaller(deps, writer);
    const editor = systemCaller(deps, await makeUser(deps, { role: 'editor' }));

    // A create that names no status would publish at once: refused, nothing stored.
    const published = await draftOf('Published by a writer?');
    const scheduled = await draftOf('Scheduled?', { status: 'scheduled', publishAt: new Date(Date.now() + 3600_000) });
    const before = await snapshot(deps);
    const refused = await rejectionOf(asWriter.news.create(published));
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: 'FORBIDDEN',
      message: 'Writers save drafts and send them for review; an editor publishes them.',
    });
    expect((await rejectionOf(asWriter.news.create(scheduled))).code).toBe('FORBIDDEN');
    expect(await snapshot(deps)).toEqual(before);

    const draft = await asWriter.news.create(await draftOf('Her draft', { status: 'draft', forReview: true }));
    expect(draft.status).toBe('draft');
    const [stored] = await deps.db.select({ createdBy: posts.createdBy }).from(posts).where(eq(posts.id, draft.id));
    expect(stored!.createdBy).toBe(writer.id);
    expect(draft.reviewRequestedAt).toBeInstanceOf(Date);
    expect((await editor.dashboard.inReview()).map((item) => [item.id, item.kind, item.writer])).toEqual([[draft.id, 'news', 'Volunteer writer']]);

    // Her own draft she edits; publishing it is not hers to do.
    expect((await asWriter.news.update({ id: draft.id, titleEn: 'Her draft, edited' })).titleEn).toBe('Her draft, edited');
    expect((await rejectionOf(asWriter.news.update({ id: draft.id, status: 'published' }))).code).toBe('FORBIDDEN');
    expect((await rejectionOf(asWriter.news.delete({ id: draft.id }))).code).toBe('FORBIDDEN');

    // Another writer's draft, or her own once published, is not hers to edit.
    const other = systemCaller(deps, await makeUser(deps, { role: 'writer' }));
    expect((await rejectionOf(other.news.update({ id: draft.id, titleEn: 'Taken over' }))).message).toBe('Writers edit only their own drafts.');
    await editor.news.update({ id: draft.id, status: 'published' });
    expect(await editor.dashboard.inReview()).toEqual([]);
    expect((await rejectionOf(asWriter.news.update({ id: draft.id, titleEn: 'After publication' }))).code).toBe('FORBIDDEN');
    expect((await editor.news.adminById({ id: draft.id })).titleEn).toBe('Her draft, edited');
  });

  it('legal-awareness items follow the same rules', async () => {
    const asWriter = systemCaller(deps, await makeUser(deps, { role: 'writer' }));
    const item = {
      titleEn: 'Rights at work',
      titleFa: 'حقوق کار',
      descriptionEn: 'Words.',
      descriptionFa: 'واژه‌ها.',
      videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    };
    const refused = await rejectionOf(asWriter.legal.create(item));
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: 'FORBIDDEN',
      message: 'Writers save drafts and send them for review; an editor publishes them.',
    });
    const draft = await asWriter.legal.create({ ...item, status: 'draft' });
    expect((await asWriter.legal.update({ id: draft.id, titleEn: 'Rights at work, edited', forReview: true })).reviewRequestedAt).toBeInstanceOf(Date);
    expect((await rejectionOf(asWriter.legal.update({ id: draft.id, status: 'published' }))).code).toBe('FORBIDDEN');
  });

  it('never see what visitors sent: not in counts, search or files', async () => {
    const upload = await makeImageUpload(deps);
    const storyId = await makeStory(deps, { title: 'A pending story about Herat', mediaUploadId: upload.id });
    const [story] = await deps.db.select({ media: stories.media }).from(stories).where(eq(stories.id, storyId));
    const writer = await makeUser(deps, { role: 'writer' });
    const editor = await makeUser(deps, { role: 'editor' });

    const writerCounts = await systemCaller(deps, writer).dashboard.counts();
    expect(Object.keys(writerCounts).filter((key) => /users|contact|stor|subscriber/i.test(key))).toEqual([]);
    const editorCounts = await systemCaller(deps, editor).dashboard.counts();
    expect(editorCounts.stories).toBe(1);
    expect('users' in editorCounts).toBe(false);

    expect((await systemCaller(deps, writer).search.admin({ q: 'Herat' })).items).toEqual([]);
    expect((await systemCaller(deps, editor).search.admin({ q: 'Herat' })).items.map((hit) => hit.type)).toEqual(['story']);

    const server = await startServer(deps);
    try {
      const fetchAs = async (user: typeof writer) => {
        const client = new CookieClient(server.url);
        await holdSession(client, await sessionTokenFor(deps, user));
        return (await client.fetch(`/media/private/${story!.media}`)).status;
      };
      expect(await fetchAs(editor)).toBe(200);
      expect(await fetchAs(writer)).toBe(404);
      // Nor any of its resized copies, which carry the same id under another name.
      const fetchVariantAs = async (user: typeof writer) => {
        const client = new CookieClient(server.url);
        await holdSession(client, await sessionTokenFor(deps, user));
        return (await client.fetch(`/media/private/${variantPath(story!.media!, 480, 'webp')}`)).status;
      };
      expect(await fetchVariantAs(editor)).toBe(200);
      expect(await fetchVariantAs(writer)).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe(`accounts and roles on ${testDialect}`, () => {
  it('never demote or delete the last administrator, and clear a deleted writer from her drafts', async () => {
    const { caller, user: admin } = await adminCaller(deps);
    const refused = await rejectionOf(caller.users.update({ id: admin.id, role: 'editor' }));
    expect(refused.message).toBe('This is the last administrator: make another account an administrator first.');
    const writer = await caller.users.create({ name: 'Writer', email: 'writer@example.org', password: 'a long enough password', role: 'writer' });
    expect(writer.role).toBe('writer');
    const second = await caller.users.create({ name: 'Second', email: 'second@example.org', password: 'a long enough password', role: 'admin' });
    expect((await caller.users.update({ id: admin.id, role: 'editor' })).role).toBe('editor');
    expect((await caller.users.update({ id: second.id, role: 'editor' }).catch((error: Error) => error)) instanceof Error).toBe(true);

    const draft = await systemCaller(deps, { ...writer, role: 'writer' }).news.create(await draftOf('Left behind', { status: 'draft' }));
    await systemCaller(deps, { ...second, role: 'admin' }).users.delete({ id: writer.id });
    const [row] = await deps.db.select({ createdBy: posts.createdBy }).from(posts).where(eq(posts.id, draft.id));
    expect(row!.createdBy).toBeNull();
    expect(await deps.db.select({ id: users.id }).from(users).where(eq(users.id, writer.id))).toEqual([]);
  });
});
