import type { AnyProcedure } from '@trpc/server';
import type { ProcedureMeta } from '../../src/server/trpc/init.ts';
import { adminProcedure } from '../../src/server/trpc/procedures.ts';
import { appRouter } from '../../src/server/trpc/router.ts';

// The admin check is the middleware adminProcedure adds on top of publicProcedure.
const middlewaresOf = (builder: unknown) => (builder as { _def: { middlewares: unknown[] } })._def.middlewares;
const adminCheck = middlewaresOf(adminProcedure).at(-1);

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation';
  /** Whether the admin check is in its middleware chain. */
  guarded: boolean;
  /** What it declares in `.meta(...)`. */
  meta: ProcedureMeta | undefined;
}

/** Every procedure of the app router by dotted path, read from the router itself. */
export const allProcedures: ProcedureInfo[] = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(([path, procedure]) => ({
  path,
  type: procedure._def.type as 'query' | 'mutation',
  guarded: middlewaresOf(procedure).includes(adminCheck),
  meta: procedure._def.meta as ProcedureMeta | undefined,
}));
