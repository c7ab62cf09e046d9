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
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      settle();
      return end(...args);
    }) as ServerResponse['end'];
    res.once('finish', settle);
  });
  return {
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
