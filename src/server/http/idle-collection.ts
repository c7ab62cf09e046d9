import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's memory-reducing collection, as a function: the one V8 runs before it gives up for want of
 * memory. It collects until nothing more is freed, shrinks the young generation to its smallest
 * and gives the freed pages back to the system. V8 never runs it by itself in a server: its memory
 * reducer acts on signals from the embedder (idle time, memory pressure) that Node does not give a
 * server. Measured: a server that answered a few pages kept the 16 MB young generation its start
 * grew, and what the start left in the old generation, 40 s later (docs/decisions/049).
 *
 * The function is V8's `gc` extension, taken from a context made while the flag is on and turned
 * off again at once, so no context made later (no page rendered, no worker) has a `gc` global: the
 * server takes it before it starts anything else. Null where the flag cannot be set.
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
  /** The least time between two collections; at least GAP_PER_PAUSE times the last one's pause too. */
  minGapMs?: number;
  /** Requests still being handled (a slow reader's download, a search waiting its turn): none may be, to collect. */
  handling?: () => number;
  now?: () => number;
}

/** A collection's pause is at most this small a share of the time (1 %), however large the heap grows. */
const GAP_PER_PAUSE = 100;

/**
 * Runs `collect` once each time the server falls quiet after answering something (and once after
 * its start): no new request for `quietTicks` ticks, none still being handled, and at least
 * `minGapMs` (and GAP_PER_PAUSE times the last collection's pause) since the last one. A request
 * costs one increment; the collection (about 80 ms for a server that answered a page) runs only
 * when no request is in the server. Returns the function that stops watching.
 */
export function collectWhenIdle(server: EventEmitter, collect: () => void, options: IdleCollectionOptions = {}): () => void {
  const { tickMs = 1_000, quietTicks = 2, minGapMs = 10_000, handling = () => 0, now = Date.now } = options;
  let requests = 0;
  let seen = 0;
  let quiet = 0;
  // The start itself (loading every module, reading the database's first pages) left garbage to collect.
  let worked = true;
  let last = -Infinity;
  let gap = minGapMs;
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
    if (!worked || quiet < quietTicks || handling() > 0 || now() - last < gap) return;
    worked = false;
    const started = performance.now();
    collect();
    gap = Math.max(minGapMs, (performance.now() - started) * GAP_PER_PAUSE);
    last = now();
  }, tickMs).unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
