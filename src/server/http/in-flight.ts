import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Counts the requests a server is still handling, whose readers may already have gone: a request
 * is done when its handler ends the response (the socket's closing says only that the reader left).
 */
export function inFlight(server: Server) {
  let count = 0;
  const idle: (() => void)[] = [];
  // Before the site's own listener, so a response it ends at once is counted before it ends.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    count++;
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      if (--count === 0) for (const wake of idle.splice(0)) wake();
    };
    // The method itself, called on the response, not a bound copy: V8 keeps a bound function's
    // target alive through young collections, which moved every request's response, socket and
    // parser to the old generation (about 4 KB a request, tests/unit/in-flight.test.ts).
    const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      settle();
      return end.apply(this, args);
    } as ServerResponse['end'];
    res.once('finish', settle);
  });
  return {
    /** Requests being handled now. */
    handling: (): number => count,
    ended(maxMs: number): Promise<void> {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
