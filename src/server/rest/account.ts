import express from 'express';
import type { Deps } from '../trpc/context.ts';
import { bodyOf, endpoint, field, ok } from './endpoint.ts';

/** The signed-in account's authenticator app, for clients built on the original API (docs/api.md). */
export function accountRoutes(deps: Deps) {
  const routes = express.Router();

  routes.post(
    '/admin/account/totp',
    endpoint(deps, async ({ caller }) => ok(await caller.account.totpStart())),
  );

  routes.post(
    '/admin/account/totp/confirm',
    endpoint(deps, async ({ req, caller }) => {
      const { recoveryCodes } = await caller.account.totpConfirm({ code: field(bodyOf(req), 'code') });
      return ok({ recovery_codes: recoveryCodes });
    }),
  );

  routes.delete(
    '/admin/account/totp',
    endpoint(
      deps,
      async ({ req, caller }) => {
        await caller.account.totpDisable({ currentPassword: field(bodyOf(req), 'current_password', 'currentPassword') });
        return ok({ success: true });
      },
      { fields: { currentPassword: 'current_password' } },
    ),
  );

  return routes;
}
