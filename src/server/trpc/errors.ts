/** A refusal that tells the client how long to wait (Retry-After). */
export class ThrottledError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Retry after ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * An item asked for in a language it is not written in: not found there, and the answer says so,
 * so the page can point to the other language without sending the item's words.
 */
export class NotInLanguageError extends Error {
  constructor() {
    super('The item is not written in the language asked for');
  }
}
