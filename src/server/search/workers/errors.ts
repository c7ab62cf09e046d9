/** Every thread is busy and the queue is full: answered 503 with this Retry-After, nothing searched. */
export class SearchBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('The search queue is full');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A search failed inside its thread; `code` is the engine's error code at most (never its message, which could quote the query). */
export class SearchFailedError extends Error {
  readonly code: string | null;
  constructor(code: string | null) {
    super(`The search failed${code ? ` (${code})` : ''}`);
    this.code = code;
  }
}
