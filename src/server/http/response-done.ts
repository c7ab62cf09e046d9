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
 * Calls `done` once, when the handler has made its answer: it ends the response (`end` called), or a
 * write finds the reader's connection full (the handler now waits for the reader, not for work),
 * or the reader leaves; at once (in a microtask) if the response has already ended or closed.
 * Unlike 'finish', this does not wait for the reader to take the bytes: a reader who reads slowly
 * (or never) must not keep the work counted.
 */
export function whenAnswerMade(res: ServerResponse, done: () => void): void {
  const once = calledOnce(done);
  if (res.closed || res.writableEnded) return queueMicrotask(once);
  // The methods themselves, called on the response, never bound copies (a bound function keeps its
  // target alive through V8's young collections: tests/unit/in-flight.test.ts).
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  const write = res.write as (this: ServerResponse, ...args: unknown[]) => boolean;
  // After the end it wraps: what the layers below do at the end (the response cache keeping the
  // answer) is done before the next request starts, which may then be sent that kept answer.
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const ended = end.apply(this, args);
    once();
    return ended;
  } as ServerResponse['end'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    const flowing = write.apply(this, args);
    if (!flowing) once();
    return flowing;
  } as ServerResponse['write'];
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
