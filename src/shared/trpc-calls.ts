/**
 * Rules about how tRPC calls travel, shared by the server and the browser's client. This file must
 * stay free of zod: the public pages' first chunk imports it (through the tRPC client), and zod
 * there would add about 25 KB to every reader's first load.
 */

/**
 * What one tRPC request may ask for (src/server/http/trpc-batch-limits.ts). Without a bound, one
 * 15 KB GET of 171 list calls made the server read and send 2 MB. Calls per batch are capped for
 * GET and POST alike (the client splits its batches to fit); the rows the list calls of one batch
 * may return together are capped too: a call's `pageSize` after its schema's defaults, one row for
 * a call without pages. The site's own pages ask for at most five calls and fifty rows at once; the
 * editors' dashboard asks for ten lists of twelve.
 */
export const batchLimits = { calls: 10, rows: 200 } as const;

/**
 * Procedures that check a password or a second-step code the caller typed. Each travels in a
 * request of its own, never in a batch (the server refuses one that does), so one request is at
 * most one guess.
 */
export const passwordCheckingProcedures: readonly string[] = [
  'auth.login',
  'auth.secondStep',
  'users.create',
  'users.update',
  'users.resetSecondFactor',
  'account.totpDisable',
  'account.recoveryCodesRenew',
  'account.passkeyOptions',
];
