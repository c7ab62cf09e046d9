import fs from 'node:fs';
import express, { type Request, type Response } from 'express';
import { message, type MessageKey } from '../../shared/messages.ts';
import { chargeVisitor } from '../security/write-budget.ts';
import type { Deps } from '../trpc/context.ts';
import { createMulter, receivedFiles, runMulter } from '../uploads/multer.ts';
import { storeUpload, UploadRejected } from '../uploads/store.ts';
import { requestContext } from './request-context.ts';

function refuse(res: Response, status: number, text: string) {
  res.status(status).json({ success: false, message: text, errors: { file: [text] } });
}

/**
 * POST /api/uploads, multipart with one `file`: checks and cleans it, answers its upload id.
 * Open to visitors (the story and contact forms attach files); videos only with purpose=story|legal.
 */
export function uploadsRoute(deps: Deps) {
  const route = express.Router();
  const single = createMulter(deps.env, deps.storage).single('file');
  route.post('/', async (req: Request, res: Response) => {
    const ctx = requestContext(deps, req, res);
    if (!ctx.csrfOk) return refuse(res, 419, message(ctx.lang, 'csrfMismatch'));
    const wait = chargeVisitor(ctx, 'uploads');
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      return refuse(res, 429, message(ctx.lang, 'tooManyRequests'));
    }
    const failure = await runMulter(single, req, res, 'file');
    const files = receivedFiles(req);
    try {
      if (failure) {
        const key: MessageKey = failure === 'too-large' ? 'uploadTooLarge' : failure === 'too-many-parts' ? 'uploadTooManyParts' : 'uploadMissingFile';
        const status = failure === 'too-large' ? 413 : 422;
        return refuse(res, status, message(ctx.lang, key, { image: deps.env.MAX_IMAGE_MB, video: deps.env.MAX_VIDEO_MB }));
      }
      if (!req.file) return refuse(res, 422, message(ctx.lang, 'uploadMissingFile'));
      const purpose = typeof req.body?.purpose === 'string' ? req.body.purpose : '';
      const stored = await storeUpload(deps, req.file.path, { allowVideo: purpose === 'story' || purpose === 'legal' });
      res.status(201).json({
        id: stored.id,
        kind: stored.kind,
        mime: stored.mime,
        path: stored.path,
        url: `/storage/${stored.path}`,
        width: stored.width,
        height: stored.height,
      });
    } catch (error) {
      if (error instanceof UploadRejected) return refuse(res, error.status, message(ctx.lang, error.key, error.params));
      throw error;
    } finally {
      await Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true })));
    }
  });
  return route;
}
