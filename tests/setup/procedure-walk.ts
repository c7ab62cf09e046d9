import type { AnyProcedure } from '@trpc/server';
import type { Role } from '../../src/shared/schemas/users.ts';
import type { ProcedureMeta } from '../../src/server/trpc/init.ts';
import { adminProcedure, editorProcedure, writerProcedure } from '../../src/server/trpc/procedures.ts';
import { appRouter } from '../../src/server/trpc/router.ts';

// The sign-in check is the middleware each of these builders adds on top of publicProcedure.
export const middlewaresOf = (builder: unknown) => (builder as { _def: { middlewares: unknown[] } })._def.middlewares;
const roleChecks = new Map<unknown, readonly Role[]>([
  [middlewaresOf(writerProcedure).at(-1), ['admin', 'editor', 'writer']],
  [middlewaresOf(editorProcedure).at(-1), ['admin', 'editor']],
  [middlewaresOf(adminProcedure).at(-1), ['admin']],
]);

/** The roles a procedure (or builder) admits, read from its sign-in check; null when it has none (open to visitors). */
export function rolesOf(procedure: unknown): readonly Role[] | null {
  for (const middleware of middlewaresOf(procedure)) {
    const roles = roleChecks.get(middleware);
    if (roles) return roles;
  }
  return null;
}

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation';
  /** Whether a sign-in check is in its middleware chain. */
  guarded: boolean;
  /** The roles its check admits (null: open to visitors). */
  roles: readonly Role[] | null;
  /** What it declares in `.meta(...)`. */
  meta: ProcedureMeta | undefined;
}

/** Every procedure of the app router by dotted path, read from the router itself. */
export const allProcedures: ProcedureInfo[] = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(([path, procedure]) => ({
  path,
  type: procedure._def.type as 'query' | 'mutation',
  guarded: rolesOf(procedure) !== null,
  roles: rolesOf(procedure),
  meta: procedure._def.meta as ProcedureMeta | undefined,
}));
