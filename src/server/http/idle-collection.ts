import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's memory-reducing collection, as a function: the one V8 runs before it gives up for want of
 * memory. It collects until nothing more is freed, shrinks the young generation to its smallest
 * and gives the freed pages back to the system. V8 never runs it by itself in a server: its memory
 * reducer waits for the embedder to say the process is idle, which Node never does. So a server
 * that answered a few pages keeps the 16 MB young generation its start grew, and what the start
 * left in the old generation, for as long as it runs (docs/decisions/049).
 *
 * The function is V8's `gc` extension, taken from a context made while the flag is on and turned
 * off again at once, so no other context (no worker, no page rendered) ever sees a `gc` global.
 * Null where the flag cannot be set.
 */
export function memoryReducingCollection(): (() => void) | null {
  let gc: unknown;
  try {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  if (typeof gc !== 'function') return null;
  return () => void gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleCollectionOptions {
  /** How often the server's requests are looked at. */
  tickMs?: number;
  /** Ticks without a new request before the server counts as idle. */
  quietTicks?: number;
  /** The least time between two collections, so a site with a request every few seconds pays at most ~1 % of a core. */
  minGapMs?: number;
  now?: () => number;
}

/**
 * Runs `collect` once each time the server falls quiet after answering something (and once after
 * its start): no new request for `quietTicks` ticks, and at least `minGapMs` since the last time.
 * A request costs one increment; the collection (about 80 ms for a server that answered a page)
 * runs only when no reader is waiting for the thread. Returns the function that stops watching.
 */
export function collectWhenIdle(server: EventEmitter, collect: () => void, options: IdleCollectionOptions = {}): () => void {
  const { tickMs = 1_000, quietTicks = 2, minGapMs = 10_000, now = Date.now } = options;
  let requests = 0;
  let seen = 0;
  let quiet = 0;
  // The start itself (loading every module, reading the database's first pages) left garbage to collect.
  let worked = true;
  let last = -Infinity;
  const onRequest = () => void requests++;
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      quiet = 0;
      worked = true;
      return;
    }
    quiet += 1;
    if (!worked || quiet < quietTicks || now() - last < minGapMs) return;
    worked = false;
    last = now();
    collect();
  }, tickMs).unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
