import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { ProcedureMeta } from '../trpc/init.ts';
import { decoded } from './trpc-batch-limits.ts';

type Procedures = Record<string, AnyProcedure | undefined>;

const EVERYONE_ALIKE = 'everyoneAlike';

/**
 * Marks a request that asks only for answers that are the same whoever asks (ProcedureMeta
 * `everyoneAlike`): a tRPC GET whose every call is such a query, or a public REST read answered by
 * one (`restProcedure` names it). Its context then never looks the session cookie up
 * (request-context.ts), so the work gate budgets it as a visitor's. Mounted before the response
 * cache and the work gate; a request it has not seen is looked up as before.
 */
export function everyoneAlikeReads(router: AnyRouter, restProcedure: (pathname: string) => string | null): RequestHandler {
  const procedures = router._def.procedures as Procedures;
  const alike = (name: string | null) => {
    const procedure = name === null ? undefined : procedures[name];
    return procedure?._def.type === 'query' && (procedure._def.meta as ProcedureMeta | undefined)?.everyoneAlike === true;
  };
  const asksAlike = (req: Request) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const trpc = /^\/trpc\/(.+)$/i.exec(req.path);
    if (trpc) return decoded(trpc[1]!).split(',').every(alike);
    return /^\/api\//i.test(req.path) && alike(restProcedure(req.path.slice('/api'.length)));
  };
  return (req, res, next) => {
    // Only a request with a session cookie is ever looked up: every other one (nearly every reader's,
    // cached answers included) is spared matching its address against the routes.
    if (req.headers.cookie?.includes(`${SESSION_COOKIE}=`) && asksAlike(req)) res.locals[EVERYONE_ALIKE] = true;
    next();
  };
}

/** Whether everyoneAlikeReads marked the request: its answer cannot use who asks. */
export function answersEveryoneAlike(res: Response): boolean {
  return res.locals[EVERYONE_ALIKE] === true;
}
