import express, { type Request, type Response } from 'express';
import type { Deps } from '../trpc/context.ts';
import { uploadIntake } from '../uploads/intake.ts';
import { refusalMessage, refusalRetryAfter, refusalStatus } from '../uploads/refusal.ts';
import { requestContext } from './request-context.ts';

/**
 * POST /api/uploads, multipart with one `file`: checks and cleans it, answers its upload id.
 * Open to visitors (the story and contact forms attach files); videos only with purpose=story|legal.
 * The file is stored privately: `url` is where signed-in editors can preview it.
 */
export function uploadsRoute(deps: Deps) {
  const route = express.Router();
  const intake = uploadIntake(deps, {
    fields: [{ name: 'file', allowVideo: (fields) => fields.purpose === 'story' || fields.purpose === 'legal' }],
    requireFile: true,
  });
  route.post('/', async (req: Request, res: Response) => {
    const ctx = await requestContext(deps, req, res);
    const result = await intake(req, res, ctx);
    if (!result.ok) {
      const text = refusalMessage(result.refusal, ctx.lang, deps.env);
      const retryAfter = refusalRetryAfter(result.refusal);
      if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
      return res.status(refusalStatus(result.refusal)).json({ success: false, message: text, errors: { file: [text] } });
    }
    const stored = result.files.file!;
    res.status(201).json({
      id: stored.id,
      kind: stored.kind,
      mime: stored.mime,
      path: stored.path,
      url: `/media/private/${stored.path}`,
      width: stored.width,
      height: stored.height,
    });
  });
  return route;
}
