import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, endpoint, field, ok } from './endpoint.ts';
import { unauthenticated } from './errors.ts';
import { userShape } from './shapes.ts';

/** Sign-in, the current-user check and sign-out, with the original's `status` flag. */
export function authRoutes(deps: Deps) {
  const routes = express.Router();

  routes.post(
    '/login',
    endpoint(
      deps,
      async ({ req, caller }) => {
        const body = bodyOf(req);
        const answer = await caller.auth.login({ email: field(body, 'email'), password: field(body, 'password') });
        // An account with a second factor: no session yet; the client finishes at /api/login/two-factor.
        if ('status' in answer) return ok(answer);
        return ok({ status: true, data: userShape(answer) });
      },
      // The original login screen shows `message` and checks `status`, also on failure.
      { decorateError: (reply) => (reply.status === 401 ? { ...reply, body: { status: false, ...(reply.body as object) } } : reply) },
    ),
  );

  routes.post(
    '/login/two-factor',
    endpoint(
      deps,
      async ({ req, caller }) => {
        const user = await caller.auth.secondStep({ code: field(bodyOf(req), 'code') });
        return ok({ status: true, data: userShape(user) });
      },
      { decorateError: (reply) => (reply.status === 401 ? { ...reply, body: { status: false, ...(reply.body as object) } } : reply) },
    ),
  );

  // Laravel's default `/api/user` too, for clients written against the framework's starter.
  routes.get(
    ['/admin/user', '/user'],
    endpoint(deps, async ({ ctx, caller }) => {
      const user = await caller.auth.me();
      if (!user) throw unauthenticated(ctx);
      return ok(userShape(user));
    }),
  );

  routes.post(
    ['/admin/logout', '/logout'],
    endpoint(deps, async ({ caller }) => {
      await caller.auth.logout();
      return ok({ status: true });
    }),
  );

  routes.post(
    '/admin/logout-everywhere',
    endpoint(deps, async ({ caller }) => {
      await caller.auth.logoutEverywhere();
      return ok({ status: true });
    }),
  );

  return routes;
}
