import { isIP } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import superjson from 'superjson';
import { message } from '../../shared/messages.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { isSearchRequest } from '../search/requests.ts';
import type { WorkBudgetStore } from '../security/work-budget.ts';
import { isSharedAddress } from '../security/write-budget.ts';
import type { Deps } from '../trpc/context.ts';
import { failurePage } from './client-errors.ts';
import { requestContext } from './request-context.ts';
import { requestLanguage } from './request-language.ts';

/** How long a visitor's request may wait for her budget, and how many may wait; beyond either she is asked to slow down. */
export const WAITING = { maxMs: 2_000, perClient: 8 } as const;

/**
 * Whom uncached work is counted against: the visitor's address; an IPv6 address by its /64, which
 * one subscriber is usually given whole (one budget per address would be 2^64 budgets); everyone
 * behind a loopback address (an onion service, a proxy not named in TRUST_PROXY) as one shared client.
 */
export function workClient(ip: string | undefined): { key: string; shared: boolean } | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isSharedAddress(address)) return { key: 'shared', shared: true };
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

interface Waiter {
  req: Request;
  res: Response;
  next: () => void;
  since: number;
}

interface ClientState {
  running: boolean;
  queue: Waiter[];
  timer: NodeJS.Timeout | null;
}

/** The answer to a visitor who must slow down, in her language and in the shape of what she asked for. */
function slowDown(req: Request, res: Response, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const lang = requestLanguage(req);
  const text = message(lang, 'slowDown');
  res.setHeader('Retry-After', String(seconds));
  res.setHeader('Cache-Control', 'no-store');
  res.status(429);
  const path = req.originalUrl.split('?')[0]!;
  if (/^\/trpc\//i.test(path)) {
    const error = { message: text, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, fieldErrors: null, retryAfter: seconds } };
    res.json({ error: superjson.serialize(error) });
  } else if (/^\/api(\/|$)/i.test(path)) res.json({ success: false, message: text });
  else if (/^\/(rss\/|sitemap\.xml)/i.test(path)) res.type('text/plain').send(text);
  else res.type('html').send(failurePage(lang, { title: 'slowDownTitle', sentence: 'slowDown' }, req.method === 'GET' ? req.originalUrl : null));
}

/** What a piece of work cost the server: its own CPU time, never more than the time it took. */
function costMeter(): () => number {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return Math.min((used.user + used.system) / 1000, performance.now() - wall);
  };
}

/**
 * Work no cache answered (a page rendered, a list read, a feed built), one visitor at a time and
 * within her budget (Guards.uncachedWork): the cost of each request is charged when it ends; one
 * that finds her budget spent waits until it has refilled (at most WAITING.maxMs, a few at a time),
 * else is answered 429 with Retry-After. The budget is time on the one thread every reader shares,
 * so no stream of renders from one visitor can take it from everyone else's cached reads, and a
 * reader who opens a few uncached pages never notices it. Signed-in editors are not counted;
 * searches have budgets of their own (decision 019).
 */
export function uncachedWork(deps: Deps): RequestHandler {
  const clients = new Map<string, ClientState>();
  const budgetOf = (shared: boolean): WorkBudgetStore => (shared ? deps.guards.uncachedWork.sharedAddress : deps.guards.uncachedWork.perClient);

  const start = (key: string, budget: WorkBudgetStore, state: ClientState, waiter: Waiter) => {
    state.running = true;
    const cost = costMeter();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      budget.charge(key, cost());
      state.running = false;
      drain(key, budget, state);
    };
    waiter.res.once('finish', finish);
    waiter.res.once('close', finish);
    waiter.next();
  };

  const drain = (key: string, budget: WorkBudgetStore, state: ClientState) => {
    if (state.running || state.timer) return;
    // A reader who left while waiting costs nothing more.
    while (state.queue.length && (state.queue[0]!.res.writableEnded || state.queue[0]!.req.socket.destroyed)) state.queue.shift();
    if (!state.queue.length) {
      clients.delete(key);
      return;
    }
    const wait = budget.waitFor(key);
    if (wait === 0) return start(key, budget, state, state.queue.shift()!);
    // Those who would wait past their time are told now when to come back.
    const now = performance.now();
    for (const waiter of state.queue.filter((one) => now + wait - one.since > WAITING.maxMs)) slowDown(waiter.req, waiter.res, wait);
    state.queue = state.queue.filter((one) => now + wait - one.since <= WAITING.maxMs);
    if (!state.queue.length) return drain(key, budget, state);
    state.timer = setTimeout(() => {
      state.timer = null;
      drain(key, budget, state);
    }, wait);
  };

  return (req, res, next) => {
    if (isSearchRequest(req.originalUrl)) return next();
    const client = workClient(req.ip);
    if (!client) return next();
    const cookie = req.headers.cookie;
    if (cookie && parseCookies(cookie)[SESSION_COOKIE] && requestContext(deps, req, res).user) return next();
    const budget = budgetOf(client.shared);
    let state = clients.get(client.key);
    if (!state) clients.set(client.key, (state = { running: false, queue: [], timer: null }));
    const waiter: Waiter = { req, res, next: () => next(), since: performance.now() };
    const wait = budget.waitFor(client.key);
    if (!state.running && !state.queue.length && wait === 0) return start(client.key, budget, state, waiter);
    if (state.queue.length >= WAITING.perClient || wait > WAITING.maxMs) {
      if (!state.running && !state.queue.length && !state.timer) clients.delete(client.key);
      return slowDown(req, res, Math.max(wait, 1000));
    }
    state.queue.push(waiter);
    drain(client.key, budget, state);
  };
}
