import { asc, eq } from 'drizzle-orm';
import type { MediaItemInput, MediaItemPatch } from '../../../shared/schemas/content.ts';
import type { DbLike } from '../../db/client.ts';
import { postMedia } from '../../db/schema.ts';

/** The stored media list of a post, as input items, read inside the edit's transaction. */
async function storedMedia(db: DbLike, postId: number): Promise<MediaItemInput[]> {
  const rows = await db
    .select({
      link: postMedia.link,
      titleEn: postMedia.titleEn,
      titleFa: postMedia.titleFa,
      descriptionEn: postMedia.descriptionEn,
      descriptionFa: postMedia.descriptionFa,
    })
    .from(postMedia)
    .where(eq(postMedia.postId, postId))
    .orderBy(asc(postMedia.position));
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value ?? undefined])) as MediaItemInput);
}

/** The first item with a patch laid over it (empty values clear a field); the others as they are. */
function patchFirst(media: readonly MediaItemInput[], patch: MediaItemPatch): MediaItemInput[] {
  const first: MediaItemInput = { ...media[0] };
  for (const [name, value] of Object.entries(patch) as [keyof MediaItemPatch, string | undefined][]) {
    if (value !== undefined) first[name] = value === '' ? undefined : value;
  }
  return [first, ...media.slice(1)];
}

/** Media items with at least one value; empty ones from blank form rows are dropped. */
function mediaRows(postId: number, media: readonly MediaItemInput[]) {
  return media
    .filter((item) => Object.values(item).some(Boolean))
    .map((item, position) => ({
      postId,
      position,
      link: item.link ?? null,
      titleEn: item.titleEn ?? null,
      titleFa: item.titleFa ?? null,
      descriptionEn: item.descriptionEn ?? null,
      descriptionFa: item.descriptionFa ?? null,
    }));
}

/** Writes a new post's media list (video links with their titles and texts). */
export async function insertMedia(db: DbLike, postId: number, media: readonly MediaItemInput[]): Promise<void> {
  const rows = mediaRows(postId, media);
  if (rows.length) await db.insert(postMedia).values(rows);
}

/** Replaces a post's media list, or patches its first item (the admin form edits only that one). */
export async function replaceMedia(db: DbLike, postId: number, change: { media?: MediaItemInput[]; firstMedia?: MediaItemPatch }): Promise<void> {
  if (!change.media && !change.firstMedia) return;
  let list = change.media ?? (await storedMedia(db, postId));
  if (change.firstMedia) list = patchFirst(list, change.firstMedia);
  await db.delete(postMedia).where(eq(postMedia.postId, postId));
  await insertMedia(db, postId, list);
}
