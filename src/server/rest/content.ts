import express from 'express';
import { allContentKinds } from '../../shared/content-kinds.ts';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, updated, type Body } from './endpoint.ts';
import { contentListInput } from './public-reads.ts';
import type { FieldNames } from './errors.ts';
import { fileReceiver } from './multipart.ts';
import { editorialFieldNames, editorialFieldsOf } from './editorial-fields.ts';
import { contentShape, paginated } from './shapes.ts';
import { originalTexts, requireOriginalFields } from './original-rules.ts';
import { createContentCall } from '../../shared/schemas/content.ts';

/** Each kind's REST paths and aliases come from the registry; writes live under /admin. */
const kinds = allContentKinds.map((info) => ({ key: info.section, public: [...info.restPaths], admin: info.restPaths.map((path) => `/admin${path}`) }));

/** The original form sends one flat media item; the procedures take a list of them. */
const fields: FieldNames = {
  titleEn: 'title_En',
  titleFa: 'title_fa',
  descriptionEn: 'description_En',
  descriptionFa: 'description_fa',
  imageUploadId: 'image',
  media: 'link',
  'media.0.link': 'link',
  'media.0.titleEn': 'media_title_En',
  'media.0.titleFa': 'media_title_fa',
  'media.0.descriptionEn': 'media_description_En',
  'media.0.descriptionFa': 'media_description_fa',
  'firstMedia.link': 'link',
  'firstMedia.titleEn': 'media_title_En',
  'firstMedia.titleFa': 'media_title_fa',
  'firstMedia.descriptionEn': 'media_description_En',
  'firstMedia.descriptionFa': 'media_description_fa',
  ...editorialFieldNames('image'),
};

type MediaFields = Partial<Record<'link' | 'titleEn' | 'titleFa' | 'descriptionEn' | 'descriptionFa', string>>;

function mediaOf(body: Body): MediaFields {
  return {
    link: field(body, 'link'),
    titleEn: field(body, 'media_title_En', 'Media_title_En'),
    titleFa: field(body, 'media_title_fa', 'Media_title_fa'),
    descriptionEn: field(body, 'media_description_En', 'Media_description_En'),
    descriptionFa: field(body, 'media_description_fa', 'Media_description_fa'),
  };
}

const anyGiven = (media: MediaFields) => Object.values(media).some((value) => value !== undefined);

function textOf(body: Body) {
  return {
    titleEn: field(body, 'title_En'),
    titleFa: field(body, 'title_fa'),
    descriptionEn: field(body, 'description_En'),
    descriptionFa: field(body, 'description_fa'),
    category: field(body, 'category'),
    country: field(body, 'country'),
  };
}

/** List, detail, create, update and delete of news, articles and reports, as docs/api.md describes. */
export function contentRoutes(deps: Deps) {
  const routes = express.Router();
  const receive = fileReceiver(deps, [{ name: 'image', allowVideo: false }], { adminOnly: true });

  for (const kind of kinds) {
    const { key } = kind;
    routes.get(
      kind.public,
      endpoint(
        deps,
        async ({ req, caller }) => {
          const page = await caller[key].list(contentListInput(req));
          return ok(paginated(page, contentShape));
        },
        { fields },
      ),
    );

    routes.get(
      kind.public.map((path) => `${path}/:id`),
      endpoint(deps, async ({ req, caller }) => ok(contentShape(await caller[key].byId({ id: idParam(req) }), true))),
    );

    routes.post(
      kind.admin,
      endpoint(
        deps,
        async (call) => {
          const files = await receive(call);
          const body = bodyOf(call.req);
          const media = mediaOf(body);
          const text = textOf(body);
          const editorial = await editorialFieldsOf(call.ctx, body, 'image');
          const input = { ...text, ...editorial, imageUploadId: files.image, media: anyGiven(media) ? [media] : [] };
          requireOriginalFields(call.ctx, createContentCall, input, [...originalTexts(input), ['imageUploadId', Boolean(files.image)]]);
          const item = await call.caller[key].create(input);
          return created(contentShape(item));
        },
        { fields },
      ),
    );

    routes.post(
      kind.admin.map((path) => `${path}/:id`),
      endpoint(
        deps,
        async (call) => {
          const files = await receive(call);
          const body = bodyOf(call.req);
          // The original edit form sends only the fields that changed, flat: the procedure lays them
          // over the stored first media item in the edit's own transaction, so editing a media
          // title keeps its link, and two editors' changes cannot overwrite each other.
          const media = mediaOf(body);
          const item = await call.caller[key].update({
            id: idParam(call.req),
            ...textOf(body),
            ...(await editorialFieldsOf(call.ctx, body, 'image')),
            imageUploadId: files.image,
            firstMedia: anyGiven(media) ? media : undefined,
          });
          return updated(contentShape(item));
        },
        { fields },
      ),
    );

    routes.delete(
      kind.admin.map((path) => `${path}/:id`),
      endpoint(deps, async ({ req, ctx, caller }) => {
        await caller[key].delete({ id: idParam(req) });
        return done(ctx);
      }),
    );
  }
  return routes;
}
