import superjson from 'superjson';
import type { CookieClient } from './http.ts';

/** The parts of a tRPC HTTP answer the tests read. */
export interface TrpcHttpResult {
  status: number;
  /** The deserialized result on success. */
  data: unknown;
  error: { message: string; code: string; httpStatus: number; fieldErrors: Record<string, string[]> | null } | null;
  headers: Headers;
}

async function read(response: Response): Promise<TrpcHttpResult> {
  const body = (await response.json()) as {
    result?: { data: { json: unknown; meta?: Parameters<typeof superjson.deserialize>[0]['meta'] } };
    error?: { json: { message: string; data: { code: string; httpStatus: number; fieldErrors?: Record<string, string[]> | null } } };
  };
  if (body.error) {
    const { message, data } = body.error.json;
    return {
      status: response.status,
      data: undefined,
      error: { message, code: data.code, httpStatus: data.httpStatus, fieldErrors: data.fieldErrors ?? null },
      headers: response.headers,
    };
  }
  const data = body.result ? superjson.deserialize(body.result.data as Parameters<typeof superjson.deserialize>[0]) : undefined;
  return { status: response.status, data, error: null, headers: response.headers };
}

/** A tRPC query over HTTP GET, as the React client sends it (superjson-encoded input). */
export async function trpcQuery(client: CookieClient, path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcHttpResult> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  return read(await client.fetch(`/trpc/${path}${query}`, { headers }));
}

/** A tRPC mutation over HTTP POST. Anti-forgery headers are the caller's choice: tests send them or leave them out. */
export async function trpcMutation(client: CookieClient, path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcHttpResult> {
  const body = input === undefined ? undefined : JSON.stringify(superjson.serialize(input));
  return read(await client.fetch(`/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
}

/** Calls a procedure over HTTP the way its type demands. */
export function trpcCall(client: CookieClient, type: 'query' | 'mutation', path: string, input?: unknown, headers: Record<string, string> = {}) {
  return type === 'query' ? trpcQuery(client, path, input, headers) : trpcMutation(client, path, input, headers);
}

/** Sets the session cookie in the jar and fetches the anti-forgery cookie, as a signed-in browser holds them. */
export async function holdSession(client: CookieClient, token: string): Promise<void> {
  client.cookies.set('session', token);
  const response = await client.fetch('/sanctum/csrf-cookie');
  if (response.status !== 204 || !client.cookies.get('XSRF-TOKEN')) throw new Error('No anti-forgery cookie was issued');
}
