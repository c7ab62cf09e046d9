import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { uploads } from '../../src/server/db/schema.ts';
import { reconcileVisibility } from '../../src/server/uploads/visibility.ts';
import { makeImageUpload } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { holdSession } from '../setup/trpc-http.ts';

/**
 * An unpublished item's pictures (cover and body) are not public: a visitor guessing their
 * /storage address gets 404 until the item is published, by hand or by the scheduler, and again
 * once it is withdrawn; editors see them on the private path (previews). Checked over HTTP.
 */

const hour = 60 * 60 * 1000;
let open: { deps: TestDeps; server: TestServer }[] = [];
afterEach(async () => {
  for (const { deps, server } of open) {
    await server.close();
    await deps.cleanup();
  }
  open = [];
});

async function world(env: Record<string, string> = {}) {
  const clock = new TestClock('2026-11-22T08:00:00Z');
  const deps: TestDeps = { ...createTestDeps(env), clock };
  clock.waitsFor(() => deps.publication.settled());
  const server = await startServer(deps);
  open.push({ deps, server });
  const signedIn = await adminCaller(deps);
  const editor = new CookieClient(server.url);
  await holdSession(editor, signedIn.token);
  const visitor = new CookieClient(server.url);
  const statusOf = async (client: CookieClient, url: string) => {
    const response = await client.fetch(url);
    await response.arrayBuffer();
    return response.status;
  };
  /** Whether a visitor gets the file and every variant of it at its public address. */
  const publicly = async (path: string) => {
    const statuses = await Promise.all([path, ...allVariantPaths(path)].map((file) => statusOf(visitor, `/storage/${file}`)));
    if (statuses.every((status) => status === 200)) return true;
    if (statuses.every((status) => status === 404)) return false;
    throw new Error(`${path}: some files public, some not (${statuses.join(', ')})`);
  };
  const forEditors = (path: string) => statusOf(editor, `/media/private/${path}`);
  return { deps, clock, server, caller: signedIn.caller, editor, visitor, publicly, forEditors, statusOf };
}

const withPicture = (path: string, text = 'Words') => ({
  type: 'doc' as const,
  content: [
    { type: 'paragraph' as const, content: [{ type: 'text' as const, text }] },
    { type: 'image' as const, attrs: { src: path, alt: 'A picture', caption: null } },
  ],
});

async function newsWith(
  caller: Awaited<ReturnType<typeof world>>['caller'],
  deps: TestDeps,
  options: { status?: 'draft' | 'scheduled' | 'published'; publishAt?: Date; body?: string },
) {
  const cover = await makeImageUpload(deps);
  const inline = options.body ? { path: options.body } : await makeImageUpload(deps);
  const item = await caller.news.create({
    titleEn: 'Title',
    titleFa: 'عنوان',
    coverAltEn: 'Cover',
    coverAltFa: 'جلد',
    imageUploadId: cover.id,
    bodyEn: withPicture(inline.path),
    bodyFa: withPicture(inline.path, 'متن'),
    status: options.status,
    publishAt: options.publishAt,
    media: [],
  });
  return { item, cover: cover.path, inline: inline.path };
}

describe('Pictures of unpublished items', () => {
  it('keeps a draft’s cover and body pictures off the public address, shows them to editors, and publishes them with the item', async () => {
    const site = await world();
    const { item, cover, inline } = await newsWith(site.caller, site.deps, { status: 'draft' });
    for (const path of [cover, inline]) {
      expect(await site.publicly(path), path).toBe(false);
      expect(await site.forEditors(path)).toBe(200);
    }
    // The preview's data addresses the pictures on the editors' path; the public page's would 404.
    const preview = await site.caller.news.adminById({ id: item.id });
    const html = JSON.stringify(preview.renderedEn);
    expect(html).toContain(`/media/private/${inline}`);
    expect(html).not.toContain('/storage/');

    await site.caller.news.update({ id: item.id, status: 'published' });
    for (const path of [cover, inline]) expect(await site.publicly(path), path).toBe(true);

    // Withdrawn: private again.
    await site.caller.news.update({ id: item.id, status: 'draft' });
    for (const path of [cover, inline]) {
      expect(await site.publicly(path), path).toBe(false);
      expect(await site.forEditors(path)).toBe(200);
    }
  });

  it('moves pictures only when the change that calls for it commits: never for one rolled back', async () => {
    const site = await world();
    const { item, cover, inline } = await newsWith(site.caller, site.deps, { status: 'draft' });
    // The publishing update joins a transaction that then fails: nothing of it happened, files included.
    const refused = site.deps.db.transaction(async () => {
      await site.caller.news.update({ id: item.id, status: 'published' });
      throw new Error('a later step of the same change failed');
    });
    await expect(refused).rejects.toThrow('a later step');
    expect((await site.caller.news.adminById({ id: item.id })).status).toBe('draft');
    for (const path of [cover, inline]) expect(await site.publicly(path), path).toBe(false);

    // The same change committed: public as soon as its call returns.
    await site.deps.db.transaction(async () => {
      await site.caller.news.update({ id: item.id, status: 'published' });
    });
    for (const path of [cover, inline]) expect(await site.publicly(path), path).toBe(true);

    // And back: a withdrawal that rolls back leaves them public; one that commits hides them.
    await expect(
      site.deps.db.transaction(async () => {
        await site.caller.news.update({ id: item.id, status: 'draft' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    for (const path of [cover, inline]) expect(await site.publicly(path), path).toBe(true);
    await site.caller.news.update({ id: item.id, status: 'draft' });
    for (const path of [cover, inline]) expect(await site.publicly(path), path).toBe(false);
  });

  it('publishes a scheduled item’s pictures at its time, with no request, and never before', async () => {
    const site = await world();
    const at = new Date(site.clock.now().getTime() + 2 * hour);
    const { item, cover, inline } = await newsWith(site.caller, site.deps, { status: 'scheduled', publishAt: at });
    const legalPicture = await makeImageUpload(site.deps);
    const legalCover = await makeImageUpload(site.deps);
    await site.caller.legal.create({
      titleEn: 'Rights',
      titleFa: 'حقوق',
      coverAltEn: 'Cover',
      coverAltFa: 'جلد',
      mediaUploadId: legalCover.id,
      bodyEn: withPicture(legalPicture.path),
      bodyFa: withPicture(legalPicture.path, 'متن'),
      status: 'scheduled',
      publishAt: at,
    });
    const all = [cover, inline, legalCover.path, legalPicture.path];
    for (const path of all) expect(await site.publicly(path), path).toBe(false);
    await site.clock.advance(2 * hour - 1);
    for (const path of all) expect(await site.publicly(path), path).toBe(false);
    await site.clock.advance(1);
    // The item, its pictures and the cached pages change in the same moment.
    for (const path of all) expect(await site.publicly(path), path).toBe(true);
    const page = await (await site.visitor.fetch('/api/news')).text();
    expect(page).toContain(`"id":${item.id}`);
  });

  it('keeps a picture shared by a published item and a draft public while the published one shows it', async () => {
    const site = await world();
    const published = await newsWith(site.caller, site.deps, {});
    const draft = await newsWith(site.caller, site.deps, { status: 'draft', body: published.inline });
    expect(await site.publicly(published.inline)).toBe(true);
    expect(await site.publicly(draft.cover)).toBe(false);

    // The draft's saves do not hide it, nor does deleting the draft delete it.
    await site.caller.news.update({ id: draft.item.id, titleEn: 'Changed' });
    expect(await site.publicly(published.inline)).toBe(true);
    await site.caller.news.delete({ id: draft.item.id });
    expect(await site.publicly(published.inline)).toBe(true);
    // The draft's own cover, used by nothing now, stays in the picture library, privately.
    expect(await site.forEditors(draft.cover)).toBe(200);
    expect(await site.publicly(draft.cover)).toBe(false);

    // Shared again with a new draft; withdrawing the published item hides it (only a draft uses it now).
    const second = await newsWith(site.caller, site.deps, { status: 'draft', body: published.inline });
    await site.caller.news.update({ id: published.item.id, status: 'draft' });
    expect(await site.publicly(published.inline)).toBe(false);
    // Deleting the withdrawn item keeps the file the other draft still uses, privately.
    await site.caller.news.delete({ id: published.item.id });
    expect(await site.forEditors(published.inline)).toBe(200);
    expect(await site.publicly(published.inline)).toBe(false);
    // The last user gone, it stays in the picture library, privately; removed from the library, the file and its variants are gone.
    await site.caller.news.delete({ id: second.item.id });
    expect(await site.forEditors(published.inline)).toBe(200);
    expect(await site.publicly(published.inline)).toBe(false);
    const [row] = await site.deps.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.path, published.inline));
    await site.caller.library.remove({ id: row!.id });
    expect(await site.forEditors(published.inline)).toBe(404);
    for (const file of [published.inline, ...allVariantPaths(published.inline)]) {
      expect(Boolean(await site.deps.storage.stat(file, 'public'))).toBe(false);
      expect(Boolean(await site.deps.storage.stat(file, 'private'))).toBe(false);
    }
  });

  it('hides a picture taken out of a published body, and publishes one a restored revision brings back', async () => {
    const site = await world();
    const { item, inline } = await newsWith(site.caller, site.deps, {});
    const revisionWithPicture = (await site.caller.revisions.list({ owner: 'post', id: item.id }))[0]!;
    const words = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });
    await site.caller.news.update({ id: item.id, bodyEn: words('No picture'), bodyFa: words('بی تصویر') });
    // Kept for the revision, but no longer public.
    expect(await site.publicly(inline)).toBe(false);
    expect(await site.forEditors(inline)).toBe(200);
    await site.caller.revisions.restore({ id: revisionWithPicture.id });
    expect(await site.publicly(inline)).toBe(true);
  });

  it('leaves a draft’s pictures private, and a published item’s body pictures public, when the server starts', async () => {
    const site = await world();
    const draft = await newsWith(site.caller, site.deps, { status: 'draft' });
    const published = await newsWith(site.caller, site.deps, {});
    await reconcileVisibility(site.deps);
    expect(await site.publicly(draft.cover)).toBe(false);
    expect(await site.publicly(draft.inline)).toBe(false);
    expect(await site.publicly(published.cover)).toBe(true);
    expect(await site.publicly(published.inline)).toBe(true);
  });

  it('keeps a picture in the library, privately, once the last revision that used it is dropped beyond the kept number', async () => {
    const site = await world({ REVISIONS_KEEP: '2' });
    const { item, inline } = await newsWith(site.caller, site.deps, {});
    const words = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });
    await site.caller.news.update({ id: item.id, bodyEn: words('No picture'), bodyFa: words('بی تصویر') });
    // The first revision still shows it: kept, privately.
    expect(await site.forEditors(inline)).toBe(200);
    await site.caller.news.update({ id: item.id, titleEn: 'Second save' });
    // Only the last two revisions remain, neither with the picture: nothing uses it any more, and the library keeps it.
    expect(await site.forEditors(inline)).toBe(200);
    expect(await site.publicly(inline)).toBe(false);
    expect(
      await site.deps.db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.path, inline), eq(uploads.inLibrary, 1))),
    ).toEqual([{ n: 1 }]);
  });
});
