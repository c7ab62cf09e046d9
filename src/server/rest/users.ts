import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, created, done, endpoint, field, idParam, ok, pageQuery, updated, type Body, type Caller } from './endpoint.ts';
import { paginated, userShape } from './shapes.ts';

type Role = Parameters<Caller['users']['create']>[0]['role'];

/** The original add-user form offers the role "Admin"; the procedures spell it 'admin' ('editor', 'writer' likewise, in any case). */
function roleOf(body: Body): Role {
  const role = field(body, 'role');
  return (typeof role === 'string' ? role.trim().toLowerCase() : role) as Role;
}

/** Editor accounts. `POST admin/register` is the original's create. */
export function userRoutes(deps: Deps) {
  const routes = express.Router();

  routes.get(
    '/admin/users',
    endpoint(deps, async ({ req, caller }) => ok(paginated(await caller.users.list(pageQuery(req)), userShape))),
  );

  routes.get(
    '/admin/users/:id',
    endpoint(deps, async ({ req, caller }) => ok(userShape(await caller.users.byId({ id: idParam(req) })))),
  );

  routes.post(
    ['/admin/register', '/admin/users'],
    endpoint(
      deps,
      async ({ req, caller }) => {
        const body = bodyOf(req);
        const user = await caller.users.create({
          name: field(body, 'name'),
          email: field(body, 'email'),
          password: field(body, 'password'),
          role: roleOf(body),
          currentPassword: field(body, 'current_password', 'currentPassword'),
        });
        return created(userShape(user));
      },
      { fields: { currentPassword: 'current_password' } },
    ),
  );

  routes.post(
    '/admin/users/:id',
    endpoint(
      deps,
      async ({ req, caller }) => {
        const body = bodyOf(req);
        const user = await caller.users.update({
          id: idParam(req),
          name: field(body, 'name'),
          email: field(body, 'email'),
          password: field(body, 'password'),
          role: roleOf(body),
          currentPassword: field(body, 'current_password', 'currentPassword'),
        });
        return updated(userShape(user));
      },
      { fields: { currentPassword: 'current_password' } },
    ),
  );

  routes.delete(
    '/admin/users/:id',
    endpoint(deps, async ({ req, ctx, caller }) => {
      await caller.users.delete({ id: idParam(req) });
      return done(ctx);
    }),
  );

  return routes;
}
