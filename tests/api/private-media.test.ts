import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { allVariantPaths } from '../../src/shared/image-variants.ts';
import { makeUser } from '../factories/index.ts';
import { makeContactWithImage, makeIllustrationUpload, makeStoryWithImage } from '../factories/admin-content.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { editorCaller, makePost } from '../factories/public-content.ts';
import { eq } from 'drizzle-orm';
import { stories } from '../../src/server/db/schema.ts';
import type { Storage } from '../../src/server/uploads/storage.ts';
import { reconcileVisibility } from '../../src/server/uploads/visibility.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { holdSession } from '../setup/trpc-http.ts';
import { folderOf } from '../setup/stored.ts';

const site = siteForEachTest();
let editor: CookieClient;
beforeEach(async () => {
  editor = new CookieClient(site.server.url);
  await holdSession(editor, await sessionTokenFor(site.deps, await makeUser(site.deps)));
});

/** A stored file and every responsive variant of it. */
const withVariants = (path: string) => [path, ...allVariantPaths(path)];

async function status(client: CookieClient, url: string) {
  const response = await client.fetch(url);
  await response.arrayBuffer();
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

/** Nobody but a signed-in editor gets the file, on any path; the editor gets it uncached from the private path. */
async function expectPrivate(path: string) {
  const anonymous = new CookieClient(site.server.url);
  expect(await status(anonymous, `/storage/${path}`), path).toMatchObject({ status: 404 });
  expect(await status(anonymous, `/media/private/${path}`), path).toMatchObject({ status: 404 });
  expect(await status(editor, `/storage/${path}`), path).toMatchObject({ status: 404 });
  expect(await status(editor, `/media/private/${path}`), path).toEqual({ status: 200, cacheControl: 'private, no-store' });
}

async function expectPublic(path: string) {
  const anonymous = new CookieClient(site.server.url);
  expect(await status(anonymous, `/storage/${path}`), path).toEqual({ status: 200, cacheControl: 'public, max-age=31536000, immutable' });
}

describe('private media', () => {
  it('serves a pending story’s photo and its variants only to signed-in editors, never cached', async () => {
    const id = await makeStoryWithImage(site.deps);
    const story = await (await editorCaller(site.deps)).stories.byId({ id });
    expect(story.media).toMatch(/^images\//);
    for (const path of withVariants(story.media!)) await expectPrivate(path);
  });

  it('serves a contact message’s attachment only to signed-in editors', async () => {
    const id = await makeContactWithImage(site.deps);
    const message = await (await editorCaller(site.deps)).contacts.byId({ id });
    for (const path of withVariants(message.image!)) await expectPrivate(path);
  });

  it('never serves an unattached upload (an image or a 100 MB-class video) to the public', async () => {
    const image = await makeIllustrationUpload(site.deps);
    const video = await makeVideoUpload(site.deps);
    for (const path of [...withVariants(image.path), video.path]) await expectPrivate(path);
  });

  it('moves a story’s files to the public side when published and back when unpublished', async () => {
    const id = await makeStoryWithImage(site.deps);
    const caller = await editorCaller(site.deps);
    const { media } = await caller.stories.publish({ id });
    for (const path of withVariants(media!)) await expectPublic(path);
    // An editor may still use the private path for any file.
    expect(await status(editor, `/media/private/${media}`)).toEqual({ status: 200, cacheControl: 'private, no-store' });

    await caller.stories.unpublish({ id });
    for (const path of withVariants(media!)) await expectPrivate(path);
    expect(fs.existsSync(folderOf(site.deps.storage).pathIn('public', media!))).toBe(false);
  });

  it('answers 404 on the private path for a name the server never makes', async () => {
    for (const url of [
      '/media/private/../site.db',
      '/media/private/images/.secret',
      '/media/private/private/images/x.png',
      '/media/private/images/x.png.part',
    ]) {
      expect((await status(editor, url)).status, url).toBe(404);
    }
  });

  it('moves, at start, files stored on the public side before it had a private one to the side their item calls for', async () => {
    const storyId = await makeStoryWithImage(site.deps);
    const story = await (await editorCaller(site.deps)).stories.byId({ id: storyId });
    const post = await makePost(site.deps, 'news');
    // As an older installation stored them: everything public, a published item's file private by an interrupted move.
    for (const path of withVariants(story.media!))
      fs.renameSync(folderOf(site.deps.storage).pathIn('private', path), folderOf(site.deps.storage).pathIn('public', path));
    for (const path of withVariants(post.image))
      fs.renameSync(folderOf(site.deps.storage).pathIn('public', path), folderOf(site.deps.storage).pathIn('private', path));
    expect(await reconcileVisibility(site.deps)).toBe(2);
    for (const path of withVariants(story.media!)) await expectPrivate(path);
    for (const path of withVariants(post.image)) await expectPublic(path);
    expect(await reconcileVisibility(site.deps)).toBe(0);
  });

  it('never makes public again the file of a story withdrawn while the check at start was moving files', async () => {
    const post = await makePost(site.deps, 'news');
    const storyId = await makeStoryWithImage(site.deps);
    const caller = await editorCaller(site.deps);
    await caller.stories.publish({ id: storyId });
    const story = await caller.stories.byId({ id: storyId });
    // Both published items' files left private by interrupted moves: the check reads both as due public.
    for (const path of [...withVariants(post.image), ...withVariants(story.media!)])
      fs.renameSync(folderOf(site.deps.storage).pathIn('public', path), folderOf(site.deps.storage).pathIn('private', path));
    // While the check moves the first, an editor withdraws the story, and her change commits.
    let withdrawal: Promise<unknown> | null = null;
    const storage: Storage = {
      ...site.deps.storage,
      async setVisibility(path, side) {
        if (!withdrawal && path === post.image) {
          withdrawal = caller.stories.unpublish({ id: storyId });
          while ((await site.deps.db.select({ status: stories.status }).from(stories).where(eq(stories.id, storyId)))[0]!.status !== 'pending')
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return site.deps.storage.setVisibility(path, side);
      },
    };
    await reconcileVisibility({ db: site.deps.db, storage });
    await withdrawal;
    for (const path of withVariants(post.image)) await expectPublic(path);
    for (const path of withVariants(story.media!)) await expectPrivate(path);
  });
});
