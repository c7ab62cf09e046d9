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

/**
 * Makes the pictures of a body part of the item: each must be an image uploaded here (through the
 * upload pipeline: type sniffed, metadata stripped, variants made); a fresh upload is marked used,
 * so the stale-upload sweep leaves it alone. Call inside the transaction that saves the item.
 */
export async function claimBodyImages(db: DbLike, field: string, paths: readonly string[], now: Date): Promise<void> {
  const wanted = [...new Set(paths)];
  if (!wanted.length) return;
  const found = await db.select({ path: uploads.path, kind: uploads.kind }).from(uploads).where(inArray(uploads.path, wanted));
  if (found.length !== wanted.length) throw new BodyImageRefused(field, 'uploadNotFound');
  if (found.some((row) => row.kind !== 'image')) throw new BodyImageRefused(field, 'uploadMustBeImage');
  await db
    .update(uploads)
    .set({ attachedAt: coarseTime('day', now) })
    .where(and(inArray(uploads.path, wanted), sql`${uploads.attachedAt} IS NULL`));
}
