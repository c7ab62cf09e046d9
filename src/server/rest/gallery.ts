import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, pageQuery, updated, type Body } from './endpoint.ts';
import type { FieldNames } from './errors.ts';
import { fileReceiver } from './multipart.ts';
import { requireOriginalFields } from './original-rules.ts';
import { createGalleryInput } from '../../shared/schemas/gallery.ts';
import { galleryShape, paginated } from './shapes.ts';

const fields: FieldNames = { imageUploadId: 'image', videoLink: 'link', nameFa: 'name_fa' };

const textOf = (body: Body) => ({ name: field(body, 'name'), nameFa: field(body, 'name_fa'), videoLink: field(body, 'link') });

/** The gallery: a name with an image, a video link or both. */
export function galleryRoutes(deps: Deps) {
  const routes = express.Router();
  const receive = fileReceiver(deps, [{ name: 'image', allowVideo: false }], { adminOnly: true });

  routes.get(
    '/gallery',
    endpoint(deps, async ({ req, caller }) => ok(paginated(await caller.gallery.list(pageQuery(req)), galleryShape)), { fields }),
  );

  routes.post(
    '/admin/gallery',
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const body = bodyOf(call.req);
        const input = { ...textOf(body), imageUploadId: files.image };
        // The original's only name is the English one, which it needed.
        requireOriginalFields(call.ctx, createGalleryInput, input, [['name', Boolean(input.name?.trim())]]);
        const item = await call.caller.gallery.create(input);
        return created(galleryShape(item));
      },
      { fields },
    ),
  );

  // An addition to the original API (which could only add and delete): the fields sent change, an
  // empty `name_fa` or `link` removes them, an `image` file replaces the picture.
  routes.post(
    '/admin/gallery/:id',
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const item = await call.caller.gallery.update({ id: idParam(call.req), ...textOf(bodyOf(call.req)), imageUploadId: files.image });
        return updated(galleryShape(item));
      },
      { fields },
    ),
  );

  routes.delete(
    '/admin/gallery/:id',
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.gallery.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  return routes;
}
