import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { KEPT_SEARCH_TOKEN } from '../../shared/search-address.ts';
import { isHttps } from '../env.ts';
import { KEPT_SEARCH_MS, type KeptSearch } from '../security/kept-searches.ts';
import { isSharedAddress } from '../security/write-budget.ts';
import type { Deps } from '../trpc/context.ts';

/**
 * The browser side of a kept search: the cookie that binds a token to the browser that searched,
 * and the seal. The cookie holds a random key the server never stores; a search is sealed
 * (AES-256-GCM) with a key made from it and the token, and kept under the token's hash. So a
 * token opened from another browser finds nothing it can read, and the store (memory today, a
 * database shared by nodes later) holds no word a reader looked for.
 */
export const SEARCH_COOKIE = 'search_key';

export const newToken = () => randomBytes(16).toString('base64url');
export const isToken = (value: unknown): value is string => typeof value === 'string' && KEPT_SEARCH_TOKEN.test(value);

/** The name a search is kept under: the token's hash, so the store cannot open what it keeps. */
export const keptSearchId = (token: string) => createHash('sha256').update(token).digest('base64url');

const sealKey = (browserKey: string, token: string) => createHmac('sha256', Buffer.from(browserKey, 'base64url')).update(`kept-search:${token}`).digest();

/**
 * The filters, then the query as typed: UTF-8, not percent-encoded, so a 200-character query in any
 * script takes at most 600 bytes and every kept search fits the store's limit (kept-searches.ts).
 */
const pack = (fields: URLSearchParams) => `${['type', 'country', 'page'].map((name) => fields.get(name) ?? '').join('|')}\n${fields.get('q') ?? ''}`;

function unpack(packed: string): URLSearchParams {
  const cut = packed.indexOf('\n');
  const [type, country, page] = packed.slice(0, cut).split('|');
  const fields = new URLSearchParams({ q: packed.slice(cut + 1) });
  for (const [name, value] of [
    ['type', type],
    ['country', country],
    ['page', page],
  ] as const)
    if (value) fields.set(name, value);
  return fields;
}

export function seal(fields: URLSearchParams, browserKey: string, token: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(browserKey, token), iv);
  const body = Buffer.concat([cipher.update(pack(fields), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The fields sealed for this browser and token, or null (another browser's cookie, a forged seal). */
export function unseal(sealed: Buffer, browserKey: string, token: string): URLSearchParams | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(browserKey, token), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return unpack(Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}

/** The browser's key, if it sent one of the right shape (32 random bytes). */
export function browserKeyOf(req: Request): string | null {
  const value = parseCookies(req.headers.cookie ?? '')[SEARCH_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * The browser's key, given now when it has none. Sent to /search only, never to a script
 * (HttpOnly), never with a request another site starts (Strict), and it lapses with the last
 * search it can open, so it stays no longer than they do.
 */
export function giveBrowserKey(deps: Deps, req: Request, res: Response): string {
  const key = browserKeyOf(req) ?? randomBytes(32).toString('base64url');
  res.cookie(SEARCH_COOKIE, key, { httpOnly: true, sameSite: 'strict', secure: isHttps(deps.env), path: '/search', maxAge: KEPT_SEARCH_MS });
  return key;
}

const ownerSecret = randomBytes(32);

/** Whom a kept search counts against: a keyed hash of the address, never the address itself. */
export function ownerOf(req: Request): Pick<KeptSearch, 'owner' | 'shared'> {
  const ip = req.ip ?? '';
  return { owner: createHmac('sha256', ownerSecret).update(ip).digest('base64url').slice(0, 22), shared: isSharedAddress(req.ip ?? null) };
}
