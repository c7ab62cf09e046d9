import { isIP } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { isSearchOnly } from '../search/requests.ts';
import { SHARED_READERS_FACTOR, type WorkBudgetStore } from '../security/work-budget.ts';
import { isSharedAddress } from '../security/write-budget.ts';
import type { Deps } from '../trpc/context.ts';
import { answersEveryoneAlike } from './everyone-alike.ts';
import { requestContext, signedInBy } from './request-context.ts';
import { slowDown } from './slow-down.ts';
import { whenResponseDone } from './response-done.ts';
import { WorkGate, type Turn } from './work-gate.ts';

/**
 * How long a visitor's request may be held for her budget, and how many may be held at once; one
 * held past its time is answered anyway if the cache holds it, else with 429; one beyond the count
 * is answered 429 at once. Everyone behind a shared address may have SHARED_READERS_FACTOR times as
 * many held, and as many uncached answers in the making at once: they are many readers, and on
 * PostgreSQL a render mostly waits for the database, which one reader's turn would make them all
 * wait for in line.
 */
export const HOLDING = { maxMs: 2_000, perClient: 32 } as const;

/** The one client everyone behind a shared address is counted as. */
const SHARED = 'shared';

/**
 * Whom work is counted against: the visitor's address; an IPv6 address by its /64, which one
 * subscriber is usually given whole (one budget per address would be 2^64 budgets); everyone behind
 * a loopback address (an onion service, a proxy not named in TRUST_PROXY) as one shared client.
 */
export function workClient(ip: string | undefined): { key: string; shared: boolean } | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isSharedAddress(address)) return { key: SHARED, shared: true };
  if (isIP(address) !== 6 || address.includes('.')) return { key: address, shared: false };
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const groups = [...head.split(':').filter(Boolean), ...Array<string>(8).fill('0')].slice(0, 8);
  if (address.includes('::')) {
    const end = tail.split(':').filter(Boolean);
    groups.splice(8 - end.length, end.length, ...end);
  }
  return {
    key: `${groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`,
    shared: false,
  };
}

/** The longest a single request is charged: one held by a slow reader costs no more. */
const MAX_CHARGE_MS = 1_000;

/**
 * What a piece of work cost: the time it held the thread, measured from its start to its answer's
 * end. The data layer answers synchronously, so little else runs meanwhile; CPU time would
 * undercount it on a busy machine, where every reader waits for the thread as long as the work
 * takes, not as long as it computes.
 */
function costMeter(start = performance.now()): () => number {
  return () => Math.min(performance.now() - start, MAX_CHARGE_MS);
}

interface Held {
  /** Work no cache answered: one at a time per visitor, charged when its answer (res) ends. */
  uncached?: Response;
  /** Sends or makes the answer; `started` is called when uncached work gets its place (http/work-gate.ts). */
  run(started?: () => void): void;
  /** Uncached work held past its time is refused; a cached answer is sent anyway. */
  refuse(waitMs: number): void;
  gone(): boolean;
  since: number;
}

interface Visitor {
  /** Uncached answers in the making, at most `limit` at once. */
  running: number;
  limit: number;
  held: Held[];
  timer: NodeJS.Timeout | null;
}

export interface VisitorWork {
  /**
   * A cached answer about to be sent: `send` runs now, or (late) once the visitor's budget allows.
   * `startedAt` is when its handling began (finding the entry is part of what it costs).
   */
  hit(req: Request, res: Response, send: (late: boolean) => void, startedAt?: number): void;
  /** Mounted before work no cache answered (a page rendered, a list read, a feed built). */
  uncached: RequestHandler;
}

/**
 * Each visitor's share of the one thread every reader shares (Guards.visitorWork): what her
 * requests cost is charged to her budget (cached answers by their CPU time, other work until its
 * answer ends), and once it is spent her requests are held until it refills (at most
 * HOLDING.maxMs). So a flood from one visitor, of new query strings or of renders no cache can
 * answer, takes at most her share of the server, holds her own connections instead of freeing
 * them for the next request at once, and leaves everyone else's answers as quick as before. A
 * reader opening pages never comes near it. Cached answers to a shared address (loopback: maybe
 * every visitor) are never held; signed-in editors are not counted; searches have budgets of their
 * own (decision 019).
 */
export function visitorWork(deps: Deps): VisitorWork {
  const visitors = new Map<string, Visitor>();
  const gate = new WorkGate(deps.env.WORK_AT_ONCE);
  const budgetOf = (shared: boolean): WorkBudgetStore => (shared ? deps.guards.visitorWork.sharedAddress : deps.guards.visitorWork.perClient);

  const run = (key: string, budget: WorkBudgetStore, visitor: Visitor | undefined, held: Held, startedAt = performance.now()) => {
    let cost = costMeter(startedAt);
    const res = held.uncached;
    if (!res) {
      held.run();
      budget.charge(key, cost());
      return;
    }
    visitor ??= visitorOf(key);
    const running = visitor;
    running.running++;
    // Its reader may have left while the session cookie was looked up: then it is done at once.
    whenResponseDone(res, () => {
      budget.charge(key, cost());
      running.running--;
      drain(key, budget, running);
    });
    // Charged from when the work starts: the wait for a place to work is everyone's, not hers.
    held.run(() => (cost = costMeter()));
  };

  const drain = (key: string, budget: WorkBudgetStore, visitor: Visitor): void => {
    if (visitor.timer) return;
    for (;;) {
      // A reader who left while held costs nothing more.
      while (visitor.held[0]?.gone()) visitor.held.shift();
      const next = visitor.held[0];
      if (!next) {
        if (!visitor.running) visitors.delete(key);
        return;
      }
      if (next.uncached && visitor.running >= visitor.limit) return;
      const wait = budget.waitFor(key);
      const now = performance.now();
      if (wait === 0 || now - next.since >= HOLDING.maxMs) {
        visitor.held.shift();
        if (wait > 0 && next.uncached) next.refuse(wait);
        else run(key, budget, visitor, next);
        continue;
      }
      visitor.timer = setTimeout(
        () => {
          visitor.timer = null;
          drain(key, budget, visitor);
        },
        // Never negative: a request held past its time by a moment would make Node warn and wait 1 ms anyway.
        Math.max(0, Math.min(wait, HOLDING.maxMs - (now - next.since))) + 1,
      );
      return;
    }
  };

  /** A visitor's turn-keeping, kept only while she has work running or held. */
  const visitorOf = (key: string): Visitor => {
    let visitor = visitors.get(key);
    if (!visitor) visitors.set(key, (visitor = { running: 0, limit: key === SHARED ? SHARED_READERS_FACTOR : 1, held: [], timer: null }));
    return visitor;
  };

  /** Whether admit would hold (or refuse) an uncached answer of the request's client now, rather than run it. */
  const wouldHold = (req: Request): boolean => {
    const client = workClient(req.ip);
    if (!client || !budgetOf(client.shared).enabled) return false;
    const known = visitors.get(client.key);
    return Boolean(known?.held.length) || (known !== undefined && known.running >= known.limit) || budgetOf(client.shared).waitFor(client.key) > 0;
  };

  const admit = (req: Request, res: Response, held: Held, startedAt?: number): void => {
    const client = workClient(req.ip);
    if (!client) return held.run();
    const budget = budgetOf(client.shared);
    // A budget turned off holds no one: not even a visitor's uncached answers wait their turn.
    if (!budget.enabled) return held.run();
    const known = visitors.get(client.key);
    const wait = budget.waitFor(client.key);
    const free = !known || known.running < known.limit;
    if (!known?.held.length && (!held.uncached || free) && wait === 0) return run(client.key, budget, known, held, startedAt);
    const visitor = known ?? visitorOf(client.key);
    if (visitor.held.length >= HOLDING.perClient * (client.shared ? SHARED_READERS_FACTOR : 1)) return slowDown(req, res, Math.max(wait, 1000));
    visitor.held.push(held);
    drain(client.key, budget, visitor);
  };

  const gone = (req: Request, res: Response) => () => res.writableEnded || req.socket.destroyed;

  /**
   * Work no cache answers, within the visitor's budget: made now in its turn, or, held for her
   * budget, with its place given back meanwhile and taken again at the back of the line.
   */
  const budgeted = (req: Request, res: Response, next: NextFunction, turn: Turn) => {
    let ran = false;
    let held = false;
    admit(req, res, {
      uncached: res,
      run: (started) => {
        ran = true;
        if (!held) {
          started?.();
          return next();
        }
        gate.enter(res, () => {
          started?.();
          next();
        });
      },
      refuse: (wait) => slowDown(req, res, wait),
      gone: gone(req, res),
      since: performance.now(),
    });
    if (ran) return;
    // Held for her budget (or refused): its place goes to the next in line meanwhile.
    held = true;
    turn.leave();
  };

  return {
    hit(req, res, send, startedAt) {
      // Behind a shared address a cached answer is everyone's: holding it would hold every reader.
      const client = workClient(req.ip);
      if (!client || client.shared) return send(false);
      let late = false;
      admit(req, res, { run: () => send(late), refuse: () => send(true), gone: gone(req, res), since: performance.now() }, startedAt);
      late = true;
    },
    uncached(req, res, next) {
      if (isSearchOnly(req.originalUrl)) return next();
      // In turn from the start: on PostgreSQL the session cookie's lookup waits for the database too.
      gate.enter(res, (turn) => {
        const cookie = req.headers.cookie;
        if (!cookie || !parseCookies(cookie)[SESSION_COOKIE]) return budgeted(req, res, next, turn);
        // Editors' work is not budgeted; a cookie that signs no one in is a visitor's like any other.
        if (!answersEveryoneAlike(res)) {
          requestContext(deps, req, res).then((ctx) => (ctx.user ? next() : budgeted(req, res, next, turn)), next);
          return;
        }
        // An answer the same for everyone never needs to know who asks (decision 055): she is asked
        // only when her budget would hold her, so an editor is still never held.
        if (!wouldHold(req)) return budgeted(req, res, next, turn);
        signedInBy(deps, req, res).then((editor) => (editor ? next() : budgeted(req, res, next, turn)), next);
      });
    },
  };
}
