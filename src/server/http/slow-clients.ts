import http from 'node:http';
import type { RequestListener } from 'node:http';

/**
 * How long a client may take to send its request. Node's defaults let a client hold a socket for
 * five minutes while sending nothing useful, so a few dozen slow sockets could occupy the server.
 *
 * - Headers: 20 s from the first byte. A page request's headers are under 2 KB: even a phone on a
 *   filtered 2G link with seconds of round-trip sends them in a few seconds.
 * - Body: it must keep arriving, at least `BODY_MIN_BYTES` in every `BODY_WINDOW_MS` (4 KB/s,
 *   about 32 kbit/s) until it is complete; a client that falls below is cut off. A phone uploading
 *   a 10 MB photo at 400 kbit/s sends 50 KB/s (finishing in about 3.5 minutes), twelve times the
 *   floor, so stalls of several seconds on a bad network still pass. A body smaller than the floor
 *   only has to be complete within the window.
 * - Whole request: 30 minutes at most, which a 100 MB video needs at about 450 kbit/s.
 *
 * - Answer: the same floor the other way. Once a response has data waiting for the client, the
 *   client must take at least `BODY_MIN_BYTES` of it in every window, or the socket is closed. A
 *   request the server is still working on (an upload being cleaned) has nothing waiting, so it is
 *   not cut; a video player that pauses is cut, and asks again for the range it needs on resuming.
 *
 * A slow client can therefore hold a socket only by really moving 4 KB/s, which costs it as much
 * bandwidth as it costs us a socket. Decision 011 records the numbers.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30 * 60_000;
export const BODY_WINDOW_MS = 10_000;
export const BODY_MIN_BYTES = 40 * 1024;
/** How often Node checks the header and request deadlines. */
const CHECK_EVERY_MS = 2_000;

/** Cuts off a request whose body stops arriving at the minimum rate (see above). */
function watchBody(req: http.IncomingMessage): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunked = /chunked/i.test(req.headers['transfer-encoding'] ?? '');
  if (!chunked && !(declared > 0)) return;
  const socket = req.socket;
  let seen = socket.bytesRead;
  let expected = chunked ? Infinity : declared;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(timer);
    const received = socket.bytesRead - seen;
    seen = socket.bytesRead;
    expected -= received;
    if (received < Math.min(BODY_MIN_BYTES, Math.max(expected, 1))) {
      clearInterval(timer);
      socket.destroy();
    }
  }, BODY_WINDOW_MS);
  timer.unref();
  req.once('end', () => clearInterval(timer));
  req.once('close', () => clearInterval(timer));
}

/** A response being written, and the bytes written to its socket at the last sweep (-1: nothing was waiting for the client then). */
interface OpenResponse {
  res: http.ServerResponse;
  seen: number;
  /** Its place in the list, so it leaves in constant time. */
  at: number;
}

/**
 * Closes the sockets of clients that stop taking an answer they asked for (a 100 MB video read a
 * byte at a time would otherwise hold its socket for as long as the client likes). One sweep per
 * window over the open responses, so a request costs a small object, not a timer. They are kept in
 * a list, each leaving by taking the last one's place: a Map with an insertion and a deletion on
 * every request rebuilds its table every few hundred requests, garbage that outlives young collections.
 */
function watchSlowReaders(server: http.Server): void {
  const open: OpenResponse[] = [];
  const forget = (entry: OpenResponse) => {
    if (open[entry.at] !== entry) return;
    const last = open.pop()!;
    if (last !== entry) {
      open[entry.at] = last;
      last.at = entry.at;
    }
  };
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const entry: OpenResponse = { res, seen: -1, at: open.length };
    open.push(entry);
    const done = () => forget(entry);
    res.once('finish', done);
    res.once('close', done);
  });
  const timer = setInterval(() => {
    // Backwards, so an entry leaving (the last one takes its place) is never skipped.
    for (let index = open.length - 1; index >= 0; index--) {
      const entry = open[index];
      if (!entry) continue;
      const socket = entry.res.socket;
      if (!socket || socket.destroyed) {
        forget(entry);
        continue;
      }
      const waiting = entry.res.headersSent && (entry.res.writableLength > 0 || socket.writableLength > 0);
      const written = socket.bytesWritten;
      if (waiting && entry.seen >= 0 && written - entry.seen < BODY_MIN_BYTES) {
        forget(entry);
        // A reset, not a close: the data queued for the client is dropped now instead of being
        // kept in the kernel's buffers for as long as the client keeps not reading it.
        socket.resetAndDestroy();
      } else entry.seen = waiting ? written : -1;
    }
  }, BODY_WINDOW_MS);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}

/** The HTTP server the site listens with, deadlines included; the tests listen with the same. */
export function createSiteServer(app: RequestListener): http.Server {
  const server = http.createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: CHECK_EVERY_MS },
    app,
  );
  server.on('request', watchBody);
  watchSlowReaders(server);
  return server;
}
