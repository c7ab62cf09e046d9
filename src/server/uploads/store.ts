import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { MessageKey } from '../../shared/messages.ts';
import type { Db, DbLike } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { allVariantPaths, hasVariants } from '../../shared/image-variants.ts';
import { cleanImage, cleanVideo, UnreadableMediaError } from './process.ts';
import { writeVariants } from './variants.ts';
import { sniffFile, type MediaKind } from './sniff.ts';
import type { Storage } from './storage.ts';

/** Why a file was refused: an HTTP status and a message key the caller localizes. */
export class UploadRejected extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  constructor(status: number, key: MessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.status = status;
    this.key = key;
    this.params = params;
  }
}

export interface StoredUpload {
  id: string;
  path: string;
  kind: MediaKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

function newUploadId(): string {
  return randomBytes(16).toString('hex');
}

const MB = 1024 * 1024;

/**
 * Checks a received temporary file by its bytes, cleans it into the storage folder under a name of
 * our making, then records it. The temporary file is always removed; a failed insert removes the
 * stored file, so there is never a file without a row or a row without a file.
 */
export async function storeUpload(
  deps: { db: Db; env: Env; storage: Storage },
  tempFile: string,
  options: { allowVideo: boolean },
): Promise<StoredUpload> {
  const { db, env, storage } = deps;
  try {
    const stat = await fs.promises.stat(tempFile);
    if (stat.size === 0) throw new UploadRejected(422, 'uploadUnsupportedType');
    const type = await sniffFile(tempFile);
    if (!type) throw new UploadRejected(415, 'uploadUnsupportedType');
    if (type.kind === 'video' && !options.allowVideo) throw new UploadRejected(415, 'uploadVideoNotAllowed');
    if (type.kind === 'image' && stat.size > env.MAX_IMAGE_MB * MB) throw new UploadRejected(413, 'uploadImageTooLarge', { max: env.MAX_IMAGE_MB });
    if (type.kind === 'video' && stat.size > env.MAX_VIDEO_MB * MB) throw new UploadRejected(413, 'uploadVideoTooLarge', { max: env.MAX_VIDEO_MB });

    const id = newUploadId();
    const relativePath = `${type.kind === 'image' ? 'images' : 'videos'}/${id}.${type.ext}`;
    const finalPath = storage.absolute(relativePath);
    const workPath = `${finalPath}.part`;
    let width: number | null = null;
    let height: number | null = null;
    try {
      if (type.kind === 'image') ({ width, height } = await cleanImage(tempFile, workPath, type));
      else await cleanVideo(tempFile, workPath, type);
    } catch (error) {
      if (error instanceof UnreadableMediaError) throw new UploadRejected(422, type.kind === 'image' ? 'uploadUnreadableImage' : 'uploadUnsupportedType');
      throw error;
    }
    await fs.promises.rename(workPath, finalPath);
    const size = (await fs.promises.stat(finalPath)).size;
    const record: StoredUpload = { id, path: relativePath, kind: type.kind, mime: type.mime, size, width, height };
    try {
      if (hasVariants(relativePath)) await writeVariants(storage, relativePath);
      db.insert(uploads).values({ ...record, createdAt: new Date() }).run();
    } catch (error) {
      await deleteFiles(storage, [relativePath]);
      throw error;
    }
    return record;
  } finally {
    await fs.promises.rm(tempFile, { force: true });
  }
}

export class UploadClaimError extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey) {
    super(key);
    this.key = key;
  }
}

/**
 * Marks an unattached upload as used by an item and returns its stored path. Call it inside the
 * transaction that writes the item, so a failed write leaves the upload free (and later cleaned).
 */
export function claimUpload(db: DbLike, uploadId: string, allowed: readonly MediaKind[]): { path: string; kind: MediaKind } {
  const row = db
    .select({ path: uploads.path, kind: uploads.kind })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), isNull(uploads.attachedAt)))
    .get();
  if (!row) throw new UploadClaimError('uploadNotFound');
  if (!allowed.includes(row.kind)) throw new UploadClaimError(allowed.includes('video') ? 'uploadUnsupportedType' : 'uploadMustBeImage');
  db.update(uploads).set({ attachedAt: new Date() }).where(eq(uploads.id, uploadId)).run();
  return row;
}

/** Forgets the upload rows of stored paths; call inside the transaction that removes or replaces the item. */
export function forgetStoredFiles(db: DbLike, paths: readonly (string | null | undefined)[]): string[] {
  const existing = paths.filter((p): p is string => Boolean(p));
  if (existing.length) db.delete(uploads).where(inArray(uploads.path, existing)).run();
  return existing;
}

/** Deletes files (and their responsive variants) after the transaction that forgot them has committed. */
export async function deleteFiles(storage: Storage, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.flatMap((p) => [p, ...allVariantPaths(p)]).map((p) =>
      storage.remove(p).catch((error: unknown) => {
        console.error(`Could not delete stored file ${p}:`, error);
      }),
    ),
  );
}

/** Removes uploads that no item claimed within the grace period, files first. */
export async function removeStaleUploads(deps: { db: Db; storage: Storage }, olderThanMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
  const stale = deps.db
    .select({ id: uploads.id, path: uploads.path })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, new Date(now - olderThanMs))))
    .all();
  for (const row of stale) {
    await deleteFiles(deps.storage, [row.path]);
    deps.db.delete(uploads).where(eq(uploads.id, row.id)).run();
  }
  return stale.length;
}
