import fs from 'node:fs';
import { and, inArray, isNull } from 'drizzle-orm';
import { message, type MessageKey } from '../../shared/messages.ts';
import { uploads } from '../db/schema.ts';
import { chargeVisitor } from '../security/write-budget.ts';
import type { Deps } from '../trpc/context.ts';
import { fieldError } from '../trpc/init.ts';
import { createMulter, receivedFiles, runMulter } from '../uploads/multer.ts';
import { deleteFiles, storeUpload, UploadRejected } from '../uploads/store.ts';
import type { Call } from './endpoint.ts';
import { csrfMismatch, throttled, unauthenticated } from './errors.ts';

export interface FileField {
  /** The multipart field name of the original form (`image`, `media`). */
  name: string;
  allowVideo: boolean;
}

const multerFailureKey: Record<string, MessageKey> = {
  'too-large': 'uploadTooLarge',
  'too-many-parts': 'uploadTooManyParts',
  malformed: 'uploadMissingFile',
};

/**
 * Reads a multipart body the way the original forms send it, files under their own field names,
 * and puts each file through the same checks and cleaning as POST /api/uploads. Returns the upload
 * id per file field, for the procedure to claim. Non-multipart bodies (JSON) pass through untouched.
 *
 * The anti-forgery check, and for admin forms the session check, run before a single byte of a
 * file is read: the procedures check both again, but only after the file would have been stored.
 */
export function fileReceiver(deps: Deps, fields: readonly FileField[], options: { adminOnly: boolean }) {
  // Any file field is read (within multer's limits) and the unknown ones are dropped, as Laravel
  // ignores fields it does not validate: a client that sends an extra file still works.
  const middleware = createMulter(deps.env, deps.storage).any();
  const errorField = fields[0]?.name ?? 'form';

  return async function receive(call: Call): Promise<Record<string, string | undefined>> {
    const { ctx, req, res } = call;
    if (!ctx.csrfOk) throw csrfMismatch(ctx);
    if (options.adminOnly && !ctx.user) throw unauthenticated(ctx);
    const failure = await runMulter(middleware, req, res);
    const files = receivedFiles(req);
    try {
      if (failure) {
        const text = message(ctx.lang, multerFailureKey[failure] ?? 'uploadMissingFile', { image: deps.env.MAX_IMAGE_MB, video: deps.env.MAX_VIDEO_MB });
        throw fieldError(errorField, text);
      }
      // Two files for one field: which one the visitor meant is a guess, so neither is taken.
      const doubled = fields.find((spec) => files.filter((received) => received.fieldname === spec.name).length > 1);
      if (doubled) throw fieldError(doubled.name, message(ctx.lang, 'uploadTooManyParts'));
      const wanted = fields.map((spec) => ({ spec, file: files.find((received) => received.fieldname === spec.name) }));
      // The same per-visitor budget as POST /api/uploads, spent only by forms that carry a file
      // (an edit form without a new image costs nothing), and before any image is decoded.
      if (wanted.some((entry) => entry.file)) {
        const wait = chargeVisitor(ctx, 'uploads');
        if (wait > 0) throw throttled(ctx, wait);
      }
      const ids: Record<string, string | undefined> = {};
      for (const { spec, file } of wanted) {
        if (!file) continue;
        try {
          const stored = await storeUpload(deps, file.path, { allowVideo: spec.allowVideo });
          call.stored.push(stored.id);
          ids[spec.name] = stored.id;
        } catch (error) {
          // Laravel reports a bad file as a validation error of its field (422), whatever the reason.
          if (error instanceof UploadRejected) throw fieldError(spec.name, message(ctx.lang, error.key, error.params));
          throw error;
        }
      }
      return ids;
    } finally {
      await Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true })));
    }
  };
}

/**
 * Removes files this request stored that no item claimed, because the procedure refused the rest
 * of the form: a retried form would otherwise leave a copy behind for a day until the sweep.
 */
export async function discardUnclaimed(deps: Deps, uploadIds: readonly string[]): Promise<void> {
  if (!uploadIds.length) return;
  const rows = deps.db
    .delete(uploads)
    .where(and(inArray(uploads.id, [...uploadIds]), isNull(uploads.attachedAt)))
    .returning({ path: uploads.path })
    .all();
  await deleteFiles(
    deps.storage,
    rows.map((row) => row.path),
  );
}
