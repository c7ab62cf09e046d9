import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, done, endpoint, field, idParam, ok, pageQuery } from './endpoint.ts';
import { auditShape, paginated, subscriberShape } from './shapes.ts';

/** Newsletter, the dashboard counts and the public site settings. */
export function siteRoutes(deps: Deps) {
  const routes = express.Router();

  // The procedure already answers the original's `{ success, message }`.
  routes.post(
    '/subscribe',
    endpoint(deps, async ({ req, caller }) => ok(await caller.newsletter.subscribe({ email: field(bodyOf(req), 'email') }))),
  );

  routes.get(
    '/admin/subscribers',
    endpoint(deps, async ({ req, caller }) => ok(paginated(await caller.newsletter.list(pageQuery(req)), subscriberShape))),
  );

  routes.get(
    '/admin/subscribers/export',
    endpoint(deps, async ({ res, caller }) => {
      const file = await caller.newsletter.exportCsv();
      res.attachment(file.filename);
      res.type('text/csv; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.send(file.csv);
    }),
  );

  routes.delete(
    '/admin/subscribers/:id',
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.newsletter.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  routes.get(
    '/admin/dashboard',
    endpoint(deps, async ({ caller }) => {
      const counts = await caller.dashboard.counts();
      return ok({
        news: counts.news,
        articles: counts.articles,
        reports: counts.reports,
        gallery: counts.gallery,
        awareness: counts.legal,
        users: counts.users,
        contacts: counts.contacts,
        contacts_pending: counts.contactsPending,
        stories: counts.stories,
        stories_pending: counts.storiesPending,
        subscribers: counts.subscribers,
      });
    }),
  );

  // Read-only, like the procedure: the trail cannot be changed through any face.
  routes.get(
    '/admin/audit',
    endpoint(deps, async ({ req, caller }) => ok(paginated(await caller.audit.list(pageQuery(req)), auditShape))),
  );

  routes.get(
    '/config',
    endpoint(deps, async ({ caller }) => {
      const config = await caller.config.get();
      return ok({ facebook_url: config.facebookUrl, twitter_url: config.twitterUrl, contact_email: config.contactEmail, public_url: config.publicUrl });
    }),
  );

  return routes;
}
