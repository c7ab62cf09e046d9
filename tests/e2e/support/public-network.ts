import type { Page } from 'playwright-core';

export interface FakeError {
  message: string;
  code?: 'INTERNAL_SERVER_ERROR' | 'BAD_REQUEST' | 'NOT_FOUND';
  fieldErrors?: Record<string, string[]>;
}

const httpStatusOf = { INTERNAL_SERVER_ERROR: 500, BAD_REQUEST: 400, NOT_FOUND: 404 } as const;
const jsonRpcCodeOf = { INTERNAL_SERVER_ERROR: -32603, BAD_REQUEST: -32600, NOT_FOUND: -32004 } as const;

/**
 * Makes the named procedures fail as the real server would report it (tRPC's batch format with
 * superjson), while the others in the same batch still reach the server.
 */
export async function failProcedures(page: Page, failures: Record<string, FakeError>) {
  await page.route(/\/trpc\//, async (route) => {
    const url = new URL(route.request().url());
    const procedures = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    if (!procedures.some((name) => failures[name])) return route.continue();
    const allFailed = procedures.every((name) => failures[name]);
    if (allFailed) {
      // Nothing reaches the server: a failed mutation must not have been stored after all.
      const first = failures[procedures[0]!]!;
      const code = first.code ?? 'INTERNAL_SERVER_ERROR';
      const json = procedures.map((name) => {
        const failure = failures[name]!;
        const itemCode = failure.code ?? 'INTERNAL_SERVER_ERROR';
        return {
          error: {
            json: {
              message: failure.message,
              code: jsonRpcCodeOf[itemCode],
              data: { code: itemCode, httpStatus: httpStatusOf[itemCode], path: name, fieldErrors: failure.fieldErrors ?? null, retryAfter: null },
            },
          },
        };
      });
      return route.fulfill({ status: httpStatusOf[code], json });
    }
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    const patched = procedures.map((name, index) => {
      const failure = failures[name];
      if (!failure) return body[index];
      const code = failure.code ?? 'INTERNAL_SERVER_ERROR';
      return {
        error: {
          json: {
            message: failure.message,
            code: jsonRpcCodeOf[code],
            data: { code, httpStatus: httpStatusOf[code], path: name, fieldErrors: failure.fieldErrors ?? null, retryAfter: null },
          },
        },
      };
    });
    await route.fulfill({ response, status: 207, json: patched });
  });
}

/** Holds every request matching `pattern` (tRPC by default) until `release` is called: loading states stay on screen. */
export async function holdRequests(page: Page, pattern: RegExp = /\/trpc\//) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The tRPC procedures the page calls from now on, one entry per procedure per request. */
export function recordProcedureCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(...decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(','));
  });
  return calls;
}
