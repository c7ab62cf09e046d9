import { expect } from 'vitest';
import { stepAt, TOTP_STEP_SECONDS } from '../../src/server/auth/totp.ts';
import { testPassword } from '../factories/index.ts';
import { codeAt, keyOfSecret, keyOfUri } from '../factories/second-factors.ts';
import { CookieClient, type TestServer } from '../setup/http.ts';
import { trpcMutation, trpcQuery, type TrpcHttpResult } from '../setup/trpc-http.ts';

/** Shared by the two-factor-*.test.ts files: a browser over real HTTP, as the admin app drives the procedures. */
export class Browser {
  readonly client: CookieClient;
  constructor(server: TestServer) {
    this.client = new CookieClient(server.url);
  }

  static async open(server: TestServer, headers: Record<string, string> = {}): Promise<Browser> {
    const browser = new Browser(server);
    const response = await browser.client.fetch('/sanctum/csrf-cookie', { headers });
    expect(response.status).toBe(204);
    return browser;
  }

  mutate(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcHttpResult> {
    return trpcMutation(this.client, path, input, { ...this.client.xsrfHeaders(), ...headers });
  }

  query(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcHttpResult> {
    return trpcQuery(this.client, path, input, { ...this.client.xsrfHeaders(), ...headers });
  }

  /** The password step. */
  login(email: string, password = testPassword): Promise<TrpcHttpResult> {
    return this.mutate('auth.login', { email, password });
  }

  async me(): Promise<unknown> {
    return (await this.query('auth.me')).data;
  }

  /** Another browser holding this one's pending sign-in (the same `sign_in` cookie), for races. */
  async twin(server: TestServer): Promise<Browser> {
    const other = await Browser.open(server);
    other.client.cookies.set('sign_in', this.client.cookies.get('sign_in')!);
    return other;
  }
}

/** A signed-in browser: the password step of an account without a second factor. */
export async function signedIn(server: TestServer, email: string): Promise<Browser> {
  const browser = await Browser.open(server);
  const login = await browser.login(email);
  expect(login.error).toBeNull();
  expect(browser.client.cookies.has('session')).toBe(true);
  return browser;
}

/**
 * Sets up the authenticator app from a signed-in browser as a person does: reads the key the page
 * shows, confirms with the app's code (`offset` steps from now), keeps the recovery codes.
 */
export async function enrolTotp(browser: Browser, offset = 0): Promise<{ key: Uint8Array; recoveryCodes: string[] }> {
  const started = await browser.mutate('account.totpStart');
  expect(started.error).toBeNull();
  const { secret, uri } = started.data as { secret: string; uri: string };
  const key = keyOfSecret(secret);
  expect(keyOfUri(uri)).toEqual(key);
  const confirmed = await browser.mutate('account.totpConfirm', { code: codeAt(key, offset) });
  expect(confirmed.error).toBeNull();
  return { key, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Waits, when the 30-second step is about to turn, until it has: a test that names steps relative to
 * now must not see "now" move between computing a code and the server checking it.
 */
export async function awayFromStepEdge(margin = 4_000): Promise<void> {
  const intoStep = Date.now() % (TOTP_STEP_SECONDS * 1000);
  const left = TOTP_STEP_SECONDS * 1000 - intoStep;
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 50));
  expect(stepAt(Date.now() + margin)).toBe(stepAt(Date.now()));
}

/** Persian digits for ASCII ones, as a Persian keyboard types a code. */
export const persianDigits = (code: string) => code.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));

export const CODE_WRONG = {
  en: 'That code is not right, or it was already used. Type the code your app shows now.',
  fa: 'این کد درست نیست یا پیش‌تر به کار رفته است. کدی را که برنامه‌تان اکنون نشان می‌دهد وارد کنید.',
};
export const STEP_EXPIRED = {
  en: 'Your sign-in has expired. Sign in again with your password.',
  fa: 'زمان ورود شما به پایان رسیده است. دوباره با گذرواژه وارد شوید.',
};
