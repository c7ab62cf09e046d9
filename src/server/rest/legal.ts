import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, pageQuery, updated, type Body } from './endpoint.ts';
import type { FieldNames } from './errors.ts';
import { fileReceiver } from './multipart.ts';
import { editorialFieldNames, editorialFieldsOf } from './editorial-fields.ts';
import { originalTexts, requireOriginalFields } from './original-rules.ts';
import { createLegalInput } from '../../shared/schemas/legal.ts';
import { legalShape, paginated } from './shapes.ts';

/** The original legal form spells the Persian fields in lower case (`titlefa`) and sends its file as `media`. */
const fields: FieldNames = {
  titleEn: 'titleEn',
  titleFa: 'titlefa',
  descriptionEn: 'descriptionEn',
  descriptionFa: 'descriptionfa',
  mediaUploadId: 'media',
  videoLink: 'link',
  ...editorialFieldNames('media'),
};

function textOf(body: Body) {
  return {
    titleEn: field(body, 'titleEn'),
    titleFa: field(body, 'titlefa', 'titleFa'),
    descriptionEn: field(body, 'descriptionEn'),
    descriptionFa: field(body, 'descriptionfa', 'descriptionFa'),
    videoLink: field(body, 'link'),
  };
}

/**
 * Legal awareness ("awareness" in the original API). Creating needs an editor although the
 * original path `POST awareness` has no `admin/` prefix: a deliberate departure (docs/api.md).
 */
export function legalRoutes(deps: Deps) {
  const routes = express.Router();
  const receive = fileReceiver(deps, [{ name: 'media', allowVideo: true }], { adminOnly: true });

  routes.get(
    '/awareness',
    endpoint(deps, async ({ req, caller }) => ok(paginated(await caller.legal.list(pageQuery(req)), legalShape)), { fields }),
  );

  routes.get(
    '/awareness/:id',
    endpoint(deps, async ({ req, caller }) => ok(legalShape(await caller.legal.byId({ id: idParam(req) }), true))),
  );

  routes.post(
    ['/awareness', '/admin/awareness'],
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const body = bodyOf(call.req);
        const input = { ...textOf(body), ...(await editorialFieldsOf(call.ctx, body, 'media')), mediaUploadId: files.media };
        requireOriginalFields(call.ctx, createLegalInput, input, [
          ...originalTexts(input),
          ['mediaUploadId', Boolean(files.media || input.videoLink), 'legalMediaRequired'],
        ]);
        const item = await call.caller.legal.create(input);
        return created(legalShape(item));
      },
      { fields },
    ),
  );

  routes.post(
    '/admin/awareness/:id',
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const body = bodyOf(call.req);
        const item = await call.caller.legal.update({
          id: idParam(call.req),
          ...textOf(body),
          ...(await editorialFieldsOf(call.ctx, body, 'media')),
          mediaUploadId: files.media,
        });
        return updated(legalShape(item));
      },
      { fields },
    ),
  );

  routes.delete(
    '/admin/awareness/:id',
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.legal.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  return routes;
}
