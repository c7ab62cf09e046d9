import express from 'express';
import { seesVisitorsData } from '../../shared/roles.ts';
import type { Context, Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, pageQuery, query, updated, type Call, type Caller } from './endpoint.ts';
import type { FieldNames } from './errors.ts';
import { fileReceiver } from './multipart.ts';
import { paginated, receiptShape, storyShape } from './shapes.ts';

const fields: FieldNames = { mediaUploadId: 'media' };

type QueueStatus = Parameters<Caller['stories']['list']>[0]['status'];

/** The editors' queue, `?status=pending|published|all` (the procedure checks the value). */
const queue = ({ req, caller }: Call) => caller.stories.list({ ...pageQuery(req), status: query(req, 'status') as QueueStatus });

/** Editors and administrators get the moderation queue; visitors and writers what was published. */
const moderates = (ctx: Pick<Context, 'user'>) => Boolean(ctx.user && seesVisitorsData(ctx.user.role));

/**
 * Visitors' stories. The original `GET story` listed every submission to anyone; here a visitor
 * gets only what an editor published, and an editor's session gets the whole queue (docs/api.md).
 */
export function storyRoutes(deps: Deps) {
  const routes = express.Router();
  const receive = fileReceiver(deps, [{ name: 'media', allowVideo: true }], { adminOnly: false });

  routes.get(
    ['/story', '/stories'],
    endpoint(deps, async (call) => {
      const page = moderates(call.ctx) ? await queue(call) : await call.caller.stories.published(pageQuery(call.req));
      return ok(paginated(page, storyShape));
    }),
  );

  routes.get(
    ['/story/:id', '/stories/:id'],
    endpoint(deps, async ({ req, ctx, caller }) => {
      const id = idParam(req);
      return ok(storyShape(moderates(ctx) ? await caller.stories.byId({ id }) : await caller.stories.publishedById({ id })));
    }),
  );

  routes.post(
    ['/story', '/stories'],
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const body = bodyOf(call.req);
        const receipt = await call.caller.stories.create({ title: field(body, 'title'), description: field(body, 'description'), mediaUploadId: files.media });
        return created(receiptShape(receipt));
      },
      { fields },
    ),
  );

  routes.get(
    ['/admin/story', '/admin/stories'],
    endpoint(deps, async (call) => ok(paginated(await queue(call), storyShape))),
  );

  routes.get(
    ['/admin/story/:id', '/admin/stories/:id'],
    endpoint(deps, async ({ req, caller }) => ok(storyShape(await caller.stories.byId({ id: idParam(req) })))),
  );

  routes.post(
    ['/admin/story/:id/publish', '/admin/stories/:id/publish'],
    endpoint(deps, async ({ req, caller }) => updated(storyShape(await caller.stories.publish({ id: idParam(req) })))),
  );

  routes.post(
    ['/admin/story/:id/unpublish', '/admin/stories/:id/unpublish'],
    endpoint(deps, async ({ req, caller }) => updated(storyShape(await caller.stories.unpublish({ id: idParam(req) })))),
  );

  routes.delete(
    ['/admin/story/:id', '/admin/stories/:id'],
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.stories.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  return routes;
}
