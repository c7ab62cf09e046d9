import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LingerLimits {
  maxMs: number;
  quietMs: number;
  maxBytes: number;
}

/** How long, how quietly and how much of a refused body is still read before its connection is cut. */
export const LINGER: LingerLimits = { maxMs: 30_000, quietMs: 5_000, maxBytes: 64 * 1024 * 1024 };
const LOOK_EVERY_MS = 50;

/**
 * Answers with `Connection: close` a request whose body will not be read whole (an upload refused
 * before or while it is read), and closes the connection the way that lets its client read the
 * answer. Node closes the connection as soon as the answer is written; with the body still
 * arriving, the kernel then resets it, and a client still sending loses the answer it was sent
 * (Node's own fetch does, browsers often do): the visitor sees "connection reset" instead of "the
 * file is too large". So, as nginx's lingering close does, the connection is half-closed after the
 * answer and what the client still sends is read and dropped until it stops, for at most `maxMs`,
 * `quietMs` without a byte or `maxBytes`: a client that sends for longer is cut off as before.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, limits: LingerLimits = LINGER): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    const socket = req.socket;
    if (req.complete || socket.destroyed) return;
    // Node has just sent its end of the connection (after the answer) and destroys the socket once
    // that is written: it is destroyed here instead, once the client is done or past the limits.
    socket.removeListener('finish', socket.destroy);
    // The rest of the body is read by Node's parser, below JavaScript (a dumped request emits no
    // data): what has come is told by the socket's count of bytes read, looked at now and then.
    const from = socket.bytesRead;
    let last = from;
    let quietSince = Date.now();
    const deadline = Date.now() + limits.maxMs;
    // Once the client is done or quiet, closed as Node would have: after the answer has left. Past
    // the limits, at once.
    let closing = false;
    const close = () => {
      if (closing) return;
      closing = true;
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const watch = setInterval(() => {
      const now = Date.now();
      if (socket.bytesRead !== last) [last, quietSince] = [socket.bytesRead, now];
      if (last - from > limits.maxBytes || now >= deadline) socket.destroy();
      else if (req.complete || now - quietSince >= limits.quietMs) close();
    }, LOOK_EVERY_MS).unref();
    socket.once('end', close);
    socket.once('close', () => clearInterval(watch));
  });
}
