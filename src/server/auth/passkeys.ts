import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import enCommon from '../../client/locales/en/common.json' with { type: 'json' };
import { passkeys } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { loadOnFirstUse } from '../load-on-first-use.ts';
import type { Context } from '../trpc/context.ts';

/** How long a browser has to answer a passkey request. */
const CHALLENGE_MS = 5 * 60_000;

// @simplewebauthn/server is loaded on first use: 26 MB a site whose editors never register or use a passkey does not need.
const loadWebAuthn: () => Promise<typeof WebAuthn> = loadOnFirstUse(() => import('@simplewebauthn/server'));

export interface RelyingParty {
  /** The host name passkeys are bound to. */
  id: string;
  /** The one origin the browser must report: the site's address this request came to. */
  origin: string;
}

/**
 * The relying party a passkey is asked for: the configured address (PUBLIC_URL, or ONION_URL, a
 * different origin whose passkeys are its own) that the request came to, else PUBLIC_URL. Without
 * PUBLIC_URL (a site tried on one's own computer) the loopback name `localhost` serves. Never any
 * other Host a request names: a passkey answers only for the site's own address, which is what
 * makes it useless to a phishing page.
 */
export function relyingParty(env: Pick<Env, 'PUBLIC_URL' | 'ONION_URL'>, host: string | null | undefined): RelyingParty {
  const origins = [env.PUBLIC_URL, env.ONION_URL].filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin);
  const requested = host?.toLowerCase() ?? '';
  if (!env.PUBLIC_URL && /^localhost(:\d{1,5})?$/.test(requested)) origins.push(`http://${requested}`);
  const origin = origins.find((candidate) => new URL(candidate).host === requested) ?? origins[0] ?? 'http://localhost';
  return { id: new URL(origin).hostname, origin };
}

type Purpose = 'register' | 'sign-in';

/** The challenge, what it is for, whose it is and until when, signed with the site's key: the browser holds it, no table. */
function sealChallenge(ctx: Context, challenge: string, purpose: Purpose, userId: number | null): void {
  const expires = Date.now() + CHALLENGE_MS;
  const body = [challenge, purpose, userId ?? '', expires].join('.');
  const mac = createHmac('sha256', ctx.keys.passkeys).update(body).digest('base64url');
  ctx.cookies.setSignIn?.('passkey', `${body}.${mac}`, new Date(expires));
}

/** The sealed challenge, and when it was issued, if the cookie holds a live one for this purpose and account. */
function openChallenge(ctx: Context, purpose: Purpose, userId: number | null): { challenge: string; issuedAt: number } | null {
  const value = ctx.signInCookies?.passkey;
  if (!value || value.length > 300) return null;
  const parts = value.split('.');
  if (parts.length !== 5) return null;
  const [challenge, sealedPurpose, sealedUser, expires, mac] = parts as [string, string, string, string, string];
  const expected = createHmac('sha256', ctx.keys.passkeys).update(parts.slice(0, 4).join('.')).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (sealedPurpose !== purpose || sealedUser !== String(userId ?? '') || Number(expires) < Date.now()) return null;
  return { challenge, issuedAt: Number(expires) - CHALLENGE_MS };
}

const transportsOf = (stored: string | null) => (stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined);

/** What the browser needs to make a new passkey for this account (never one it already holds). */
export async function registrationOptions(ctx: Context, user: { id: number; name: string; email: string }) {
  const rp = relyingParty(ctx.env, ctx.host);
  const held = await ctx.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: enCommon.siteName,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: held.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    // A discoverable key, checked with the device's lock: it alone signs in, without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  sealChallenge(ctx, options.challenge, 'register', user.id);
  return options;
}

/** Checks the browser's new passkey; the credential to keep, or null when it does not hold up. */
export async function verifyRegistration(ctx: Context, userId: number, response: RegistrationResponseJSON) {
  const challenge = openChallenge(ctx, 'register', userId)?.challenge;
  if (!challenge) return null;
  const rp = relyingParty(ctx.env, ctx.host);
  const { verifyRegistrationResponse } = await loadWebAuthn();
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    ctx.cookies.clearSignIn?.('passkey');
    const { credential } = verified.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
    };
  } catch {
    return null;
  }
}

/** A request for any passkey of this site (the browser offers the ones it holds). */
export async function signInOptions(ctx: Context) {
  const rp = relyingParty(ctx.env, ctx.host);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  sealChallenge(ctx, options.challenge, 'sign-in', null);
  return options;
}

/** The account whose passkey answered the challenge, or null; the key's counter moves on. */
export async function verifySignIn(ctx: Context, response: AuthenticationResponseJSON): Promise<number | null> {
  const sealed = openChallenge(ctx, 'sign-in', null);
  if (!sealed || typeof response?.id !== 'string' || response.id.length > 1024) return null;
  const [key] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, response.id)).limit(1);
  if (!key) return null;
  const rp = relyingParty(ctx.env, ctx.host);
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: sealed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
    });
    if (!verified.verified) return null;
    // One challenge, one sign-in: the challenge lives in the browser's cookie, not here, so a captured
    // answer sent again with that cookie would pass every check above (synced passkeys keep their
    // counter at 0). The key's last use must be older than the challenge, checked and moved in one
    // write: of two uses of one answer, one wins.
    const used = await ctx.db.transaction((tx) =>
      tx
        .update(passkeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(and(eq(passkeys.id, key.id), or(isNull(passkeys.lastUsedAt), lt(passkeys.lastUsedAt, new Date(sealed.issuedAt)))))
        .returning({ id: passkeys.id }),
    );
    return used.length > 0 ? key.userId : null;
  } catch {
    return null;
  }
}
