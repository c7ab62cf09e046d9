import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { LIBRARY_DESCRIPTION_MAX, libraryDescriptionLines } from '../../shared/library.ts';
import type { DbLike } from '../db/client.ts';
import { galleryItems, legalItems, posts, uploads } from '../db/schema.ts';
import { documentsOf } from './bodies.ts';
import type { FileOwner } from './item-files.ts';

/*
 * The picture library (docs/decisions/035): every picture an editorial item claimed once (a cover,
 * a body picture, a gallery picture, a legal item's picture) is `in_library` and can be used again.
 * Its `description` gathers the descriptions (alt texts) it was given where it is used, in both
 * languages, newest first, one per line: what the library's search box looks through.
 */

/** The descriptions kept after a save: the new ones first, each once, the oldest dropped past the bound. */
export function mergedDescription(previous: string | null, texts: readonly (string | null | undefined)[]): string | null {
  const lines: string[] = [];
  let length = 0;
  for (const line of [...libraryDescriptionLines(texts.filter(Boolean).join('\n')), ...libraryDescriptionLines(previous)]) {
    if (lines.includes(line)) continue;
    const added = (lines.length ? 1 : 0) + line.length;
    if (length + added > LIBRARY_DESCRIPTION_MAX) break;
    lines.push(line);
    length += added;
  }
  return lines.length ? lines.join('\n') : null;
}

/** Adds the descriptions each picture was given in a save to what the library keeps of it (library pictures only). */
export async function describeInLibrary(db: DbLike, given: ReadonlyMap<string, readonly (string | null | undefined)[]>): Promise<void> {
  const paths = [...given.keys()];
  if (!paths.length) return;
  const rows = await db
    .select({ id: uploads.id, path: uploads.path, description: uploads.description })
    .from(uploads)
    .where(and(inArray(uploads.path, paths), eq(uploads.inLibrary, 1)));
  for (const row of rows) {
    const description = mergedDescription(row.description, given.get(row.path) ?? []);
    if (description !== row.description) await db.update(uploads).set({ description }).where(eq(uploads.id, row.id));
  }
}

/** Adds to one picture's list of descriptions. */
function addTo(given: Map<string, (string | null)[]>, path: string | null, texts: (string | null)[]) {
  if (!path) return;
  given.set(path, [...(given.get(path) ?? []), ...texts]);
}

/**
 * Notes, in the library, the descriptions an item gives its pictures as saved: the cover's alt
 * texts in both languages, and each body picture's alt text. Call inside the transaction that
 * saved the item, after its row is written.
 */
export async function describeItemPictures(db: DbLike, owner: FileOwner): Promise<void> {
  const table = owner.postId ? posts : legalItems;
  const [row] = await db
    .select({
      cover: owner.postId ? posts.image : legalItems.media,
      coverAltEn: table.coverAltEn,
      coverAltFa: table.coverAltFa,
      bodyEn: table.bodyEn,
      bodyFa: table.bodyFa,
      descriptionEn: table.descriptionEn,
      descriptionFa: table.descriptionFa,
    })
    .from(table)
    .where(eq(table.id, (owner.postId ?? owner.legalId)!))
    .limit(1);
  if (!row) return;
  const given = new Map<string, (string | null)[]>();
  addTo(given, row.cover, [row.coverAltEn, row.coverAltFa]);
  const documents = documentsOf(row);
  for (const document of [documents.en, documents.fa])
    for (const block of document.content) if (block.type === 'image') addTo(given, block.attrs.src, [block.attrs.alt]);
  await describeInLibrary(db, given);
}

/**
 * A gallery item's picture, by the item's descriptions of it (alt texts), when it has them. Not by
 * its names: a name is the item's words, which leave the files with the item when it is deleted,
 * while a picture's descriptions stay with the picture in the library.
 */
export async function describeGalleryPicture(db: DbLike, id: number): Promise<void> {
  const [row] = await db
    .select({ image: galleryItems.image, altEn: galleryItems.altEn, altFa: galleryItems.altFa })
    .from(galleryItems)
    .where(eq(galleryItems.id, id))
    .limit(1);
  if (row?.image && (row.altEn || row.altFa)) await describeInLibrary(db, new Map([[row.image, [row.altEn, row.altFa]]]));
}

/** `%` and `_` (and the escape itself) typed into the search box are matched as themselves. */
function containsPattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface LibraryRow {
  id: string;
  path: string;
  width: number | null;
  height: number | null;
  description: string | null;
  createdAt: Date;
}

/**
 * One page of the library, newest first, narrowed to the pictures whose descriptions contain the
 * query (a plain LIKE, the same on both engines; case is ignored for Latin letters).
 */
export async function libraryPage(db: DbLike, input: { q?: string; page: number; pageSize: number }): Promise<{ rows: LibraryRow[]; total: number }> {
  const query = input.q?.trim();
  const where = and(eq(uploads.inLibrary, 1), query ? sql`lower(coalesce(${uploads.description}, '')) LIKE ${containsPattern(query)} ESCAPE '\\'` : undefined);
  const rows = await db
    .select({
      id: uploads.id,
      path: uploads.path,
      width: uploads.width,
      height: uploads.height,
      description: uploads.description,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(where)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ total: count() }).from(uploads).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** A picture of the library by its upload id; null for any other id (a visitor's upload, a video, an unknown id). */
export async function libraryPicture(db: DbLike, id: string): Promise<{ id: string; path: string } | null> {
  const [row] = await db
    .select({ id: uploads.id, path: uploads.path })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.inLibrary, 1)))
    .limit(1);
  return row ?? null;
}
