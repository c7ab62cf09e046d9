import { TRPCError } from '@trpc/server';
import { message } from '../../shared/messages.ts';
import { timingDummyHash, verifyPassword } from '../auth/passwords.ts';
import type { Context } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';

/**
 * Checks a password typed for `account` under the login throttle: the attempt is reserved (counted
 * as failed) before the slow hash check, so parallel or batched guesses cannot all pass the delay
 * check first. A missing hash (unknown account) is checked against a dummy so both cost the same.
 * Throws TOO_MANY_REQUESTS with Retry-After while the account or the address must wait.
 */
export async function checkPassword(
  ctx: Pick<Context, 'guards' | 'clientIp' | 'lang'>,
  account: string,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  const { wait, attempt } = await ctx.guards.loginThrottle.begin(ctx.clientIp, account);
  if (!attempt) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message(ctx.lang, 'tooManyRequests'), cause: new ThrottledError(wait) });
  let valid = false;
  try {
    valid = passwordHash !== null && (await verifyPassword(passwordHash, password));
    if (passwordHash === null) await verifyPassword(await timingDummyHash(), password);
  } finally {
    // A shared throttle that cannot be written now must not turn a right password away: a check it
    // still counts as running lapses by itself (security/login-throttle-postgres.ts).
    await Promise.resolve(valid ? attempt.succeeded() : attempt.failed()).catch((error: unknown) =>
      console.error('The login throttle could not be settled:', error),
    );
  }
  return valid;
}
