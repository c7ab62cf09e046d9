import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeContact, makeContent, makeGalleryItem, makeLegalItem, makeStory, makeUser, systemCaller } from '../factories/index.ts';
import { makeVideoUpload } from '../factories/media.ts';
import { snapshot } from './db-snapshot.ts';
import type { TestDeps } from './test-db.ts';
import { storedHashes } from './stored.ts';

/** Every stored file (not the incoming folder) with the hash of its bytes. */
export function storedFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of ['images', 'videos', 'private/images', 'private/videos']) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort())
      files[`${folder}/${name}`] = createHash('sha256')
        .update(fs.readFileSync(path.join(dir, name)))
        .digest('hex');
  }
  return files;
}

/** Fills a site with an item of every kind, files and variants included (a published story with a video). */
export async function fillSite(deps: TestDeps) {
  const admin = systemCaller(deps, await makeUser(deps));
  const news = await makeContent(deps, 'news');
  await makeContent(deps, 'report');
  await makeGalleryItem(deps);
  await makeLegalItem(deps);
  await makeContact(deps);
  const video = await makeVideoUpload(deps);
  const story = await makeStory(deps, { mediaUploadId: video.id });
  await admin.stories.publish({ id: story });
  return { admin, news };
}

/** What a restore must bring back: every row and every stored file. */
export async function siteState(d: TestDeps) {
  return { tables: (await snapshot(d)).tables, files: await storedHashes(d.storage) };
}

/** Changes everything a restore must undo: a deletion, an addition, an overwritten file. */
export async function damage(d: TestDeps, admin: ReturnType<typeof systemCaller>, newsId: number, anyFile: string) {
  await admin.news.delete({ id: newsId });
  await makeContent(d, 'article');
  const side = (await d.storage.stat(anyFile, 'public')) ? 'public' : 'private';
  const temp = path.join(d.storage.scratch, 'overwritten');
  fs.writeFileSync(temp, 'overwritten');
  await d.storage.put(anyFile, side, temp);
}
