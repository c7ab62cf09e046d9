import { and, inArray, sql } from 'drizzle-orm';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import type { DbLike } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { coarseTime } from '../security/submission-times.ts';
import type { MessageKey } from '../../shared/messages.ts';

/** A body names a picture that was not uploaded here, or is not a picture; `field` says which body. */
export class BodyImageRefused extends Error {
  readonly field: string;
  readonly key: MessageKey;
  constructor(field: string, key: MessageKey) {
    super(`${field}: ${key}`);
    this.field = field;
    this.key = key;
  }
}

/** Stored paths of the pictures inside a body. */
export function bodyImages(doc: RichTextDocument | undefined): string[] {
  return doc ? doc.content.flatMap((block) => (block.type === 'image' ? [block.attrs.src] : [])) : [];
}

/** Who saves a body: the account a fresh picture enters the library with, and the files the item already refers to. */
export interface BodyPictureClaimant {
  userId: number | null;
  /** Every file the item referred to before this save (src/server/editorial/item-files.ts filesOfItem): kept whatever it is. */
  current: readonly string[];
}

/**
 * Makes the pictures of a body part of the item: each must be an image uploaded here (through the
 * upload pipeline: type sniffed, metadata stripped, variants made) that is fresh, in the picture
 * library, or already the item's own; a picture another item or a visitor's story or message holds
 * outside the library answers "not found", as an unknown one does (docs/decisions/035). A fresh
 * upload is marked used, so the stale-upload sweep leaves it alone, and enters the library. Call
 * inside the transaction that saves the item.
 */
export async function claimBodyImages(db: DbLike, field: string, paths: readonly string[], now: Date, claimant: BodyPictureClaimant): Promise<void> {
  const wanted = [...new Set(paths)];
  if (!wanted.length) return;
  const own = new Set(claimant.current);
  const found = (
    await db
      .select({ path: uploads.path, kind: uploads.kind, attachedAt: uploads.attachedAt, inLibrary: uploads.inLibrary })
      .from(uploads)
      .where(inArray(uploads.path, wanted))
  ).filter((row) => !row.attachedAt || row.inLibrary === 1 || own.has(row.path));
  if (found.length !== wanted.length) throw new BodyImageRefused(field, 'uploadNotFound');
  if (found.some((row) => row.kind !== 'image')) throw new BodyImageRefused(field, 'uploadMustBeImage');
  const fresh = found.filter((row) => !row.attachedAt).map((row) => row.path);
  if (!fresh.length) return;
  await db
    .update(uploads)
    .set({ attachedAt: coarseTime('day', now), inLibrary: 1, uploadedBy: claimant.userId, createdAt: now })
    .where(and(inArray(uploads.path, fresh), sql`${uploads.attachedAt} IS NULL`));
}
