import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from '../trpc/context.ts';

/**
 * Per-visitor budgets for anonymous writes when many visitors share one address.
 *
 * Behind an onion service (or any proxy that is not configured in TRUST_PROXY) every visitor
 * arrives from a loopback address, so a per-address limit would be one limit for all of them: one
 * person could spend it and silence every other visitor. For a visitor from such a shared address
 * the first write is counted against the address as usual and then gives the browser a signed,
 * anonymous budget cookie; later writes carrying it are counted against that budget instead, and
 * all budgeted writes of the shared address together against a larger ceiling. A visitor who
 * throws the cookie away starts again on the address's own limit. So one person can take at most
 * the address limit plus the ceiling per hour, and a visitor who holds a budget is only refused
 * when the ceiling is spent (decision 011). The cookie holds a random id and a keyed signature,
 * nothing about the visitor, lives one hour, and is never stored with what was sent.
 */
export const WRITE_BUDGET_COOKIE = 'write_budget';
export const WRITE_BUDGET_SECONDS = 3600;
/** Budgeted writes from one shared address, per hour, as a multiple of the per-visitor limit. */
export const SHARED_ADDRESS_FACTOR = 10;

/** Signed with the site's write-budget key (security/site-keys.ts), the same on every node of the site. */
const signature = (key: Buffer, id: string) => createHmac('sha256', key).update(`write-budget:${id}`).digest('base64url').slice(0, 22);

export function newWriteBudget(key: Buffer): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, cookie: `${id}.${signature(key, id)}` };
}

/** The budget id of a cookie value this site signed, else null. */
export function readWriteBudget(key: Buffer, cookie: string | undefined): string | null {
  const [id, mac, ...rest] = (cookie ?? '').split('.');
  if (!id || !mac || rest.length || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** Loopback: every visitor who comes through a local proxy or onion service that is not trusted. */
export function isSharedAddress(ip: string | null): boolean {
  if (!ip) return false;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

type Kind = 'publicWrites' | 'uploads' | 'searches';

/** Budgets given during a request, by its cookie writer: a form with a file spends both kinds, one budget. */
const givenThisRequest = new WeakMap<object, string>();

/** The charge of one request under way, per request (its cookie writer): see `inRequestTurn`. */
const turns = new WeakMap<object, Promise<unknown>>();

/**
 * Runs the charges of one request (a tRPC batch) one after another, as they ran when every store
 * answered at once: the first write or search of a visitor from a shared address may give the
 * budget that the next ones of the same request are counted on, which a shared store's await
 * would otherwise let them miss. Direct calls (no address) are not counted, so need no turn.
 */
export function inRequestTurn<T>(ctx: Pick<Context, 'clientIp' | 'cookies'>, work: () => Promise<T>): Promise<T> {
  if (!ctx.clientIp) return work();
  const before = turns.get(ctx.cookies) ?? Promise.resolve();
  const mine = before.then(work, work);
  turns.set(
    ctx.cookies,
    mine.catch(() => undefined),
  );
  return mine;
}

/**
 * Whom the caller's anonymous writes are counted against: her address, or on a shared address the
 * budget her browser holds (the address itself before it has one). Null for direct calls.
 */
export function visitorKey(ctx: Pick<Context, 'clientIp' | 'writeBudget' | 'cookies'>): string | null {
  const ip = ctx.clientIp;
  if (!ip) return null;
  if (!isSharedAddress(ip)) return ip;
  const held = ctx.writeBudget ?? givenThisRequest.get(ctx.cookies);
  return held ? `budget:${held}` : ip;
}

/**
 * Counts one anonymous write, upload or search of the caller and returns the seconds to wait, 0
 * when it may go ahead. Direct calls (no address) are not counted. Searches use the same budget
 * cookie, counted apart: a search costs no write.
 */
export async function chargeVisitor(ctx: Pick<Context, 'guards' | 'keys' | 'clientIp' | 'writeBudget' | 'cookies'>, kind: Kind): Promise<number> {
  const ip = ctx.clientIp;
  if (!ip) return 0;
  const perVisitor = ctx.guards[kind];
  if (!isSharedAddress(ip)) return perVisitor.hit(ip);
  const held = ctx.writeBudget ?? givenThisRequest.get(ctx.cookies);
  if (held) {
    const own = await perVisitor.hit(`budget:${held}`);
    return own > 0 ? own : ctx.guards.sharedAddress[kind].hit(ip);
  }
  const wait = await perVisitor.hit(ip);
  if (wait === 0) {
    const budget = newWriteBudget(ctx.keys.writeBudget);
    // The write that earned the budget is its first.
    await perVisitor.hit(`budget:${budget.id}`);
    givenThisRequest.set(ctx.cookies, budget.id);
    ctx.cookies.setWriteBudget?.(budget.cookie);
  }
  return wait;
}
