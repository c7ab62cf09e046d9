import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, pageQuery, query, updated, type Caller } from './endpoint.ts';
import type { FieldNames } from './errors.ts';
import { fileReceiver } from './multipart.ts';
import { contactShape, paginated, receiptShape } from './shapes.ts';

const fields: FieldNames = { imageUploadId: 'image' };

type ContactStatus = Parameters<Caller['contacts']['setStatus']>[0]['status'];

/** The public contact form and the editors' inbox, filtered by status (default pending: what still needs an answer). */
export function contactRoutes(deps: Deps) {
  const routes = express.Router();
  const receive = fileReceiver(deps, [{ name: 'image', allowVideo: false }], { adminOnly: false });

  routes.post(
    '/contact',
    endpoint(
      deps,
      async (call) => {
        const files = await receive(call);
        const body = bodyOf(call.req);
        const receipt = await call.caller.contacts.create({
          name: field(body, 'name'),
          email: field(body, 'email'),
          message: field(body, 'message'),
          imageUploadId: files.image,
        });
        return created(receiptShape(receipt));
      },
      { fields },
    ),
  );

  routes.get(
    '/admin/contacts',
    endpoint(deps, async ({ req, caller }) => {
      const page = await caller.contacts.list({ ...pageQuery(req), status: query(req, 'status') as ContactStatus | undefined });
      return ok(paginated(page, contactShape));
    }),
  );

  routes.get(
    '/admin/contacts/:id',
    endpoint(deps, async ({ req, caller }) => ok(contactShape(await caller.contacts.byId({ id: idParam(req) })))),
  );

  routes.post(
    '/admin/contacts/:id/status',
    endpoint(deps, async ({ req, caller }) => {
      const item = await caller.contacts.setStatus({ id: idParam(req), status: field(bodyOf(req), 'status') as ContactStatus });
      return updated(contactShape(item));
    }),
  );

  routes.delete(
    '/admin/contacts/:id',
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.contacts.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  return routes;
}
