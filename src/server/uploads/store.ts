import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { MessageKey } from '../../shared/messages.ts';
import type { Db, DbLike } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { arrivalTime, COARSEST_TIME_UNIT_MS, coarseTime } from '../security/submission-times.ts';
import { allVariantPaths } from '../../shared/image-variants.ts';
import { UploadRefused } from './refusal.ts';
import { MediaQueueFullError, type JobOwner, type MediaWorkers } from './workers/pool.ts';
import { sniffFile, type MediaKind } from './sniff.ts';
import type { Storage } from './storage.ts';
import { oneNodeAtATime } from '../db/site-jobs.ts';

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

/** The largest file of a kind, in bytes (limits may be fractional megabytes). */
export function maxBytes(env: Pick<Env, 'MAX_IMAGE_MB' | 'MAX_VIDEO_MB'>, kind: MediaKind | 'any'): number {
  const mb = kind === 'image' ? env.MAX_IMAGE_MB : kind === 'video' ? env.MAX_VIDEO_MB : Math.max(env.MAX_IMAGE_MB, env.MAX_VIDEO_MB);
  return Math.floor(mb * MB);
}

/**
 * Checks a received temporary file by its bytes, has a media worker clean it (off the request
 * path, docs/decisions/012), and records it on the private side of the storage: an upload is
 * never public until an item that uses it is. The temporary file and the work folder are always
 * removed; a failed store removes the files and the row, so there is never a file without a row.
 * Refusals are thrown as UploadRefused.
 */
export async function storeUpload(
  deps: { db: Db; env: Env; storage: Storage; mediaWorkers: MediaWorkers },
  tempFile: string,
  options: { allowVideo: boolean; field?: string; owner?: JobOwner },
): Promise<StoredUpload> {
  const { db, env, storage } = deps;
  const field = options.field ?? 'file';
  let workDir: string | null = null;
  try {
    const stat = await fs.promises.stat(tempFile);
    if (stat.size === 0) throw new UploadRefused({ kind: 'badType', field, videoNotAllowed: false, empty: true });
    const type = await sniffFile(tempFile);
    if (!type) throw new UploadRefused({ kind: 'badType', field, videoNotAllowed: false });
    if (type.kind === 'video' && !options.allowVideo) throw new UploadRefused({ kind: 'badType', field, videoNotAllowed: true });
    if (stat.size > maxBytes(env, type.kind)) throw new UploadRefused({ kind: 'tooLarge', field, media: type.kind });

    workDir = await fs.promises.mkdtemp(path.join(storage.scratch, 'job-'));
    let reply;
    try {
      reply = await deps.mediaWorkers.run({ input: tempFile, workDir, type }, options.owner);
    } catch (error) {
      if (error instanceof MediaQueueFullError) throw new UploadRefused({ kind: 'busy', retryAfter: error.retryAfterSeconds });
      throw error;
    }
    if (!reply.ok) throw new UploadRefused({ kind: 'unreadable', field, media: type.kind, reason: reply.reason });
    const { output } = reply;

    const id = newUploadId();
    const relativePath = `${output.type.kind === 'image' ? 'images' : 'videos'}/${id}.${output.type.ext}`;
    // The row comes before the files: a file is never without its row, so the cleanup of objects
    // nothing references (./orphans.ts) can never take one being stored. Nobody knows the id yet.
    const size = (await fs.promises.stat(path.join(workDir, output.file))).size;
    const record: StoredUpload = { id, path: relativePath, kind: output.type.kind, mime: output.type.mime, size, width: output.width, height: output.height };
    await db.transaction((tx) => tx.insert(uploads).values({ ...record, createdAt: arrivalTime(env) }));
    try {
      // Only what the worker made (cleaned, without metadata) leaves the scratch folder.
      for (const name of [...output.variants, output.file]) {
        const target = name === output.file ? relativePath : relativePath.replace(/\.[a-z0-9]+$/, '') + name.slice('main'.length);
        await storage.put(target, 'private', path.join(workDir, name));
      }
      return record;
    } catch (error) {
      await deleteFiles(storage, [relativePath]);
      await db.transaction((tx) => tx.delete(uploads).where(eq(uploads.id, id)));
      throw error;
    }
  } finally {
    await fs.promises.rm(tempFile, { force: true });
    if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true });
    storage.settleScratch();
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
 * Who claims an upload, and for what. A visitor's story or message claims only a fresh upload,
 * which stays out of the picture library. An editorial item (a cover, a gallery picture, legal
 * media) claims a fresh upload or a picture of the library (docs/decisions/035): a fresh picture
 * enters the library with the account that brought it, and the time it did (the library lists the
 * newest first; an editor's work is timed exactly anyway, unlike a visitor's arrival); a video never does.
 */
export type UploadClaimant = { library: false } | { library: true; userId: number | null; at: Date };

/**
 * Marks an upload as used by an item and returns its stored path. Call it inside the transaction
 * that writes the item (it joins it), so a failed write leaves a fresh upload free (and later
 * cleaned). Only an unattached upload, or for an editorial item a picture of the library, can be
 * claimed: an id of a file another item or a visitor's story holds answers "not found", as an
 * unknown id does.
 */
export async function claimUpload(
  db: DbLike,
  uploadId: string,
  allowed: readonly MediaKind[],
  claimant: UploadClaimant = { library: false },
): Promise<{ path: string; kind: MediaKind }> {
  return db.transaction(async (tx) => {
    const claimable = claimant.library ? or(isNull(uploads.attachedAt), eq(uploads.inLibrary, 1)) : and(isNull(uploads.attachedAt), eq(uploads.inLibrary, 0));
    const [row] = await tx
      .select({ path: uploads.path, kind: uploads.kind, attachedAt: uploads.attachedAt })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), claimable))
      .limit(1);
    if (!row) throw new UploadClaimError('uploadNotFound');
    if (!allowed.includes(row.kind)) throw new UploadClaimError(allowed.includes('video') ? 'uploadUnsupportedType' : 'uploadMustBeImage');
    // A library picture is attached already; a fresh upload is marked used (only whether, and the day at most).
    if (!row.attachedAt) {
      const intoLibrary = claimant.library && row.kind === 'image';
      await tx
        .update(uploads)
        .set({ attachedAt: coarseTime('day'), ...(intoLibrary ? { inLibrary: 1, uploadedBy: claimant.userId, createdAt: claimant.at } : {}) })
        .where(eq(uploads.id, uploadId));
    }
    return { path: row.path, kind: row.kind };
  });
}

/** Forgets the upload rows of stored paths; call inside the transaction that removes or replaces the item (it joins it). */
export async function forgetStoredFiles(db: DbLike, paths: readonly (string | null | undefined)[]): Promise<string[]> {
  const existing = paths.filter((p): p is string => Boolean(p));
  if (existing.length) await db.transaction((tx) => tx.delete(uploads).where(inArray(uploads.path, existing)));
  return existing;
}

/** Deletes files (and their responsive variants) after the transaction that forgot them has committed. */
export async function deleteFiles(storage: Storage, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths
      .flatMap((p) => [p, ...allVariantPaths(p)])
      .map((p) =>
        storage.remove(p).catch((error: unknown) => {
          console.error(`Could not delete stored file ${p}:`, error);
        }),
      ),
  );
}

/**
 * Removes uploads that no item claimed within the grace period, files first. An upload's time is
 * kept to the day (or hour) it came, so a whole unit is added: one that came a moment before
 * midnight still gets its full grace period. Pictures of the library are never swept (an item
 * claimed them once; they go only when an editor removes them from the library).
 */
export async function removeStaleUploads(
  deps: { db: Db; storage: Storage },
  olderThanMs = 24 * 60 * 60 * 1000,
  now = Date.now(),
  options: { dryRun?: boolean } = {},
): Promise<number> {
  const stale = await deps.db
    .select({ id: uploads.id, path: uploads.path })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), eq(uploads.inLibrary, 0), lt(uploads.createdAt, new Date(now - olderThanMs - COARSEST_TIME_UNIT_MS))));
  if (options.dryRun) return stale.length;
  for (const row of stale) {
    await deleteFiles(deps.storage, [row.path]);
    await deps.db.transaction((tx) => tx.delete(uploads).where(eq(uploads.id, row.id)));
  }
  return stale.length;
}

/**
 * Moves files to the private side; call before committing the change that hides their item (then
 * placeFiles after it): a failure in between leaves a published item's file private (a missing
 * picture), never a withdrawn item's file public. Under the file's lock that placements take
 * (editorial/item-files.ts): a bucket's move is a copy then a delete, and two interleaved moves of
 * one file in opposite directions would delete both copies.
 */
export async function hideFiles(deps: { db: Db; storage: Storage }, paths: readonly (string | null | undefined)[]): Promise<void> {
  for (const file of paths) if (file) await oneNodeAtATime(deps.db, `file:${file}`, 'wait', () => deps.storage.setVisibility(file, 'private'));
}

/**
 * Removes files a request stored that no item claimed, because the procedure refused the rest
 * of the form: a retried form would otherwise leave a copy behind for a day until the sweep.
 */
export async function discardUnclaimed(deps: { db: Db; storage: Storage }, uploadIds: readonly string[]): Promise<void> {
  if (!uploadIds.length) return;
  const rows = await deps.db.transaction((tx) =>
    tx
      .delete(uploads)
      .where(and(inArray(uploads.id, [...uploadIds]), isNull(uploads.attachedAt), eq(uploads.inLibrary, 0)))
      .returning({ path: uploads.path }),
  );
  await deleteFiles(
    deps.storage,
    rows.map((row) => row.path),
  );
}
