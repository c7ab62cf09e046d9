import type { ServerResponse } from 'node:http';

/**
 * Calls `done` once, when the response has ended or its reader has left, whichever comes first;
 * at once (in a microtask) if that has already happened. A listener added after a response has
 * closed is never called (Node emits 'close' once), and work that waited for its turn (a database
 * lookup, a visitor's budget, a place to work) may find its reader gone.
 */
export function whenResponseDone(res: ServerResponse, done: () => void): void {
  const once = calledOnce(done);
  if (res.closed || res.writableFinished) return queueMicrotask(once);
  res.once('finish', once);
  res.once('close', once);
}

/**
 * Calls `done` once, when the handler ends the response (its `end` is called) or its reader leaves;
 * at once (in a microtask) if either has already happened. Unlike 'finish', this does not wait for
 * the reader to take the bytes: the work is over when the answer is made, and a reader who reads
 * slowly (or never) must not keep it counted.
 */
export function whenResponseEnded(res: ServerResponse, done: () => void): void {
  const once = calledOnce(done);
  if (res.closed || res.writableEnded) return queueMicrotask(once);
  // The method itself, called on the response, never a bound copy (a bound function keeps its
  // target alive through V8's young collections: tests/unit/in-flight.test.ts).
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    once();
    return end.apply(this, args);
  } as ServerResponse['end'];
  res.once('close', once);
}

function calledOnce(done: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    done();
  };
}
