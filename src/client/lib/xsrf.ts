import { readXsrfToken } from './trpc.ts';

let pending: Promise<void> | null = null;

/**
 * Makes sure the anti-forgery cookie exists before any write, as the original client did
 * (GET /sanctum/csrf-cookie first): pages do not always set it, and a browser that kept its
 * session cookie but dropped this one would otherwise see every save refused.
 */
export function ensureXsrfCookie(): Promise<void> {
  if (readXsrfToken()) return Promise.resolve();
  pending ??= fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' })
    .then(() => undefined)
    // Offline or refused: carry on; a write then fails with the server's own message.
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
