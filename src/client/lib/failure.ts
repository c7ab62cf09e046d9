import { TRPCClientError } from '@trpc/client';

/**
 * What went wrong with a request, in the words a reader can act on. Only our server's own refusals
 * (a 4xx answer in tRPC's shape) carry a sentence worth showing as it is: it is already in the
 * reader's language. Everything else (no connection, no answer in time, a proxy's HTML error page,
 * a server fault, an upload cut off) becomes one translated sentence; details go to the console.
 */
export type FailureKind = 'offline' | 'timeout' | 'network' | 'proxy' | 'server' | 'upload';

/** A failed request outside tRPC (the upload endpoint), already classified. */
export class RequestFailure extends Error {
  readonly kind: FailureKind | null;
  /** `message` is our server's own sentence, shown when kind is null. */
  constructor(kind: FailureKind | null, message: string) {
    super(message);
    this.kind = kind;
  }
}

function causes(error: unknown): unknown[] {
  const list: unknown[] = [];
  for (let current = error; current && list.length < 6; current = (current as { cause?: unknown }).cause) list.push(current);
  return list;
}

const nameOf = (error: unknown) => (error instanceof Error || error instanceof DOMException ? error.name : '');

/** The kind of failure, or null when the server refused the request with a sentence of its own. */
export function failureKind(error: unknown): FailureKind | null {
  if (error instanceof RequestFailure) return error.kind;
  const data = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined) : undefined;
  if (typeof data?.httpStatus === 'number') return data.httpStatus >= 500 ? 'server' : null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  const chain = causes(error);
  if (chain.some((cause) => nameOf(cause) === 'TimeoutError')) return 'timeout';
  // fetch rejects with a TypeError when no answer came at all (and so does a lazy chunk that failed to load).
  if (chain.some((cause) => cause instanceof TypeError)) return 'network';
  // An answer came but not in our shape: a proxy's or gateway's error page ("Unexpected token '<'").
  if (error instanceof TRPCClientError) return 'proxy';
  return 'server';
}

/** The sentence for a failure, in the reader's language (`t` of any namespace). */
export function failureMessage(error: unknown, t: (key: string) => string): string {
  const kind = failureKind(error);
  if (kind === null && error instanceof Error && error.message) return error.message;
  console.warn('Request failed', error);
  return t(`common:failure.${kind ?? 'server'}`);
}
