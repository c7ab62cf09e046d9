import fs from 'node:fs';
import type { Request, Response } from 'express';
import { chargeVisitor, visitorKey } from '../security/write-budget.ts';
import type { Context, Deps } from '../trpc/context.ts';
import { lazyMulter, receivedFiles, runMulter } from './multer.ts';
import { UploadRefused, type UploadRefusal } from './refusal.ts';
import { discardUnclaimed, maxBytes, storeUpload, type StoredUpload } from './store.ts';
import type { JobOwner } from './workers/pool.ts';
import { closeAfterAnswer } from '../http/linger.ts';

export interface IntakeField {
  /** The multipart field name that carries the file (`file`, `image`, `media`, `photo`). */
  name: string;
  /** Videos accepted too; a function decides from the form's text fields (the upload API's `purpose`). */
  allowVideo: boolean | ((fields: Record<string, unknown>) => boolean);
}

export interface IntakeOptions {
  fields: readonly IntakeField[];
  /** Refuse visitors who are not signed in before a byte is read (editor forms). */
  adminOnly?: boolean;
  /** The request is pointless without a file (the upload API): refused when none came, and throttled before the body is read. */
  requireFile?: boolean;
  /**
   * For forms a page posts without JavaScript: the refusals that otherwise come before the body is
   * read (its declared size, a full media queue) come after its text fields are read, so the page
   * given back holds what the visitor typed (the form's file field comes last, and browsers send
   * fields in page order). The file is refused all the same and never kept.
   */
  readTextFirst?: boolean;
}

export type IntakeResult =
  { ok: true; files: Record<string, StoredUpload | undefined>; fields: Record<string, unknown>; storedIds: string[] } | { ok: false; refusal: UploadRefusal };

/** Multipart parts that are not files: text fields, boundaries, headers. */
const FORM_ALLOWANCE = 1024 * 1024;
/** Below this a body holds no photo worth queueing for: such forms are not turned away while the workers are busy. */
const SMALL_BODY = 64 * 1024;

/**
 * The one way an upload enters the site, callable from any Express route:
 *
 *     const intake = uploadIntake(deps, { fields: [{ name: 'photo', allowVideo: true }] });
 *     const result = await intake(req, res, await requestContext(deps, req, res));
 *     if (!result.ok) return answer(result.refusal);       // refusalMessage/refusalStatus/refusalRetryAfter
 *     result.fields  // the text fields; result.files.photo: the stored upload, if one came
 *     // if what the files were for is then refused: await discardUnclaimed(deps, result.storedIds)
 *
 * In order, each before anything costlier: anti-forgery and sign-in; the declared Content-Length
 * against the size limit (refused before the body is read); the media queue (503 while full);
 * the per-visitor upload budget; then multer's limits while reading; then each file's real type,
 * size and content in a media worker. Stored files are private until an item that uses them is
 * published. Temporary files are removed on every path out; on a refusal, files this request
 * already stored are removed too. Non-multipart bodies pass through with no files.
 */
export function uploadIntake(deps: Deps, options: IntakeOptions) {
  const videoPossible = options.fields.some((field) => field.allowVideo !== false);
  const fileLimit = maxBytes(deps.env, videoPossible ? 'any' : 'image');
  // Multer stops at the largest limit of any kind (the type is not known while the file arrives);
  // storeUpload then holds the file to its own kind's limit.
  const middleware = lazyMulter(maxBytes(deps.env, 'any'), deps.storage);
  const firstField = options.fields[0]?.name ?? 'file';
  const tooLarge: UploadRefusal = { kind: 'tooLarge', field: firstField, media: 'any' };
  // A page's form is read for its text first, unless it has no file field at all (then a large body is no form of ours).
  const readTextFirst = Boolean(options.readTextFirst && options.fields.length);

  /**
   * What the address says the file is for (the upload API's `?purpose=`, which the site's client
   * sends): known before the body is read, so an upload meant as an image is held to the image
   * limit from its Content-Length, and it wins over the same field in the body.
   */
  const declaredPurpose = (req: Request): Record<string, string> => {
    const purpose = req.query.purpose;
    return typeof purpose === 'string' ? { purpose } : {};
  };
  const allowsVideo = (spec: IntakeField, fields: Record<string, unknown>) =>
    typeof spec.allowVideo === 'function' ? spec.allowVideo(fields) : spec.allowVideo;

  return async function intake(req: Request, res: Response, ctx: Context): Promise<IntakeResult> {
    const refuse = (refusal: UploadRefusal): IntakeResult => ({ ok: false, refusal });
    // Refused before the body is read: the connection ends after the answer (closeAfterAnswer: once
    // the client stops sending, within limits), or Node would read and discard the whole upload to
    // keep it open, the wait an early answer exists to spare. A small body is read and dropped.
    const refuseUnread = (refusal: UploadRefusal): IntakeResult => {
      if (!(Number(req.get('content-length') ?? NaN) <= SMALL_BODY)) closeAfterAnswer(req, res);
      return refuse(refusal);
    };
    if (!ctx.csrfOk) return refuseUnread({ kind: 'forgery' });
    if (options.adminOnly && !ctx.user) return refuseUnread({ kind: 'unauthenticated' });
    const multipart = Boolean(req.is('multipart/form-data'));
    if (!multipart)
      return options.requireFile ? refuse({ kind: 'missingFile', field: firstField }) : { ok: true, files: {}, fields: bodyFields(req), storedIds: [] };

    const declared = Number(req.get('content-length') ?? NaN);
    const purpose = declaredPurpose(req);
    const limitNow = purpose.purpose ? maxBytes(deps.env, options.fields.some((spec) => allowsVideo(spec, purpose)) ? 'any' : 'image') : fileLimit;
    if (declared > limitNow * options.fields.length + FORM_ALLOWANCE) {
      if (!readTextFirst) return refuseUnread(tooLarge);
      // Read as far as the text and the file's limit; the rest is not waited for once answered.
      closeAfterAnswer(req, res);
    }
    if (!readTextFirst && deps.mediaWorkers.isFull(jobOwner(ctx)) && (options.requireFile || !(declared <= SMALL_BODY))) {
      return refuseUnread({ kind: 'busy', retryAfter: deps.mediaWorkers.retryAfterSeconds() });
    }
    // The same per-visitor (or, on a shared address, per-browser) budget as every anonymous write.
    const spend = () => chargeVisitor(ctx, 'uploads');
    if (options.requireFile) {
      const wait = await spend();
      if (wait > 0) return refuseUnread({ kind: 'throttled', retryAfter: wait });
    }

    const failure = await runMulter(middleware, req, res);
    const received = receivedFiles(req);
    const storedIds: string[] = [];
    try {
      if (failure === 'too-large') return refuse(tooLarge);
      if (failure) return refuse({ kind: failure === 'too-many-parts' ? 'tooManyParts' : 'missingFile', field: firstField });
      const fields = bodyFields(req);
      // Two files for one field: which one the visitor meant is a guess, so neither is taken.
      const doubled = options.fields.find((spec) => received.filter((file) => file.fieldname === spec.name).length > 1);
      if (doubled) return refuse({ kind: 'tooManyParts', field: doubled.name });
      // Files under other names are dropped, as Laravel ignores fields it does not validate.
      const wanted = options.fields.flatMap((spec) => received.filter((file) => file.fieldname === spec.name).map((file) => ({ spec, file })));
      if (!wanted.length) return options.requireFile ? refuse({ kind: 'missingFile', field: firstField }) : { ok: true, files: {}, fields, storedIds };
      // The per-visitor budget is spent only by forms that carry a file (an edit without a new image costs nothing).
      if (!options.requireFile) {
        const wait = await spend();
        if (wait > 0) return refuse({ kind: 'throttled', retryAfter: wait });
      }
      const files: Record<string, StoredUpload | undefined> = {};
      for (const { spec, file } of wanted) {
        const allowVideo = allowsVideo(spec, { ...fields, ...purpose });
        // Asked again now: the visitor may have been given her budget while this form was read.
        const stored = await storeUpload(deps, file.path, { allowVideo, field: spec.name, owner: jobOwner(ctx) });
        storedIds.push(stored.id);
        files[spec.name] = stored;
      }
      return { ok: true, files, fields, storedIds };
    } catch (error) {
      await discardUnclaimed(deps, storedIds);
      if (error instanceof UploadRefused) return refuse(error.refusal);
      throw error;
    } finally {
      await Promise.all(received.map((file) => fs.promises.rm(file.path, { force: true })));
      // The temporary folder's time would say when the last file came.
      deps.storage.settleScratch();
    }
  };
}

/** Whom the media job of this request is for: the signed-in editor, or the visitor as her writes are counted. */
function jobOwner(ctx: Context): JobOwner {
  return ctx.user ? { key: `editor:${ctx.user.id}`, editor: true } : { key: visitorKey(ctx), editor: false };
}

function bodyFields(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}
