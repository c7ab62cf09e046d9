import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { contactMessages, newsletterSubscribers, stories, uploads } from '../../src/server/db/schema.ts';
import { LoginThrottle } from '../../src/server/security/throttle.ts';
import { makeImageFile, makeUser, testPassword } from '../factories/index.ts';
import { rowCounts } from '../setup/db-snapshot.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation } from '../setup/trpc-http.ts';

const start = Date.UTC(2026, 2, 8, 9, 30);
const account = 'editor@example.org';

let deps: TestDeps | undefined;
let server: TestServer | undefined;
async function site(env: Record<string, string> = {}) {
  deps = createTestDeps(env);
  server = await startServer(deps);
  return { deps, server };
}
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  deps?.cleanup();
  server = undefined;
  deps = undefined;
});

/**
 * A sustained attack against one account: every 250 ms an attacker tries from one of `addresses`
 * addresses, obeying no delay but counted only when the throttle lets the attempt through. From
 * `editorFrom` on, the real editor tries from her own address, each time after the Retry-After she
 * was given, with `typos` wrong passwords first. Answers how long she waited for a checked attempt.
 */
function sustainedAttack(options: { addresses: number; editorFrom: number; typos?: number; minutes?: number }) {
  const throttle = new LoginThrottle();
  const editorIp = '192.0.2.55';
  let typos = options.typos ?? 0;
  let editorNext = start + options.editorFrom;
  let waitingSince: number | null = null;
  let longestWait = 0;
  let attackerGuesses = 0;
  let editorIn = false;
  for (let now = start, tick = 0; now < start + (options.minutes ?? 15) * 60_000 && !editorIn; now += 250, tick += 1) {
    const attacker = `10.66.${Math.floor((tick % options.addresses) / 250)}.${tick % options.addresses % 250}`;
    if (throttle.retryAfter(attacker, account, now) === 0) {
      throttle.fail(attacker, account, now);
      attackerGuesses += 1;
    }
    if (now < editorNext) continue;
    waitingSince ??= now;
    const wait = throttle.retryAfter(editorIp, account, now);
    if (wait > 0) {
      expect(wait).toBeLessThanOrEqual(60);
      editorNext = now + wait * 1000;
      continue;
    }
    longestWait = Math.max(longestWait, now - waitingSince);
    waitingSince = null;
    if (typos > 0) {
      typos -= 1;
      throttle.fail(editorIp, account, now);
      editorNext = now + 2_000;
    } else {
      throttle.succeed(editorIp, account);
      editorIn = true;
    }
  }
  return { editorIn, longestWait: waitingSince === null ? longestWait : Infinity, attackerGuesses };
}

describe('LoginThrottle under a sustained attack', () => {
  it('lets the real editor try within about a minute while attackers keep guessing from ever new addresses', () => {
    const outcome = sustainedAttack({ addresses: 5_000, editorFrom: 3 * 60_000 });
    expect(outcome.editorIn).toBe(true);
    expect(outcome.longestWait).toBeLessThanOrEqual(61_000);
  });

  it('lets the real editor try within about a minute again after each of her own typos', () => {
    const outcome = sustainedAttack({ addresses: 40, editorFrom: 2 * 60_000, typos: 3 });
    expect(outcome.editorIn).toBe(true);
    expect(outcome.longestWait).toBeLessThanOrEqual(61_000);
  });

  it('still holds the attack to a few guesses per address and about one a minute beyond', () => {
    const outcome = sustainedAttack({ addresses: 20, editorFrom: Number.POSITIVE_INFINITY, minutes: 30 });
    expect(outcome.editorIn).toBe(false);
    // Twenty free guesses for the account, then each address gets at most its five turns at the
    // account-wide delay, and the account-wide delay itself lets about one guess a minute through.
    expect(outcome.attackerGuesses).toBeLessThanOrEqual(20 + 20 * 5 + 30);
  });
});
