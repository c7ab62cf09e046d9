import type { ServerResponse } from 'node:http';
import { whenAnswerMade } from './response-done.ts';

/** A request's turn: `leave()` gives its place back before its answer ends (while it is held for its visitor's budget). */
export interface Turn {
  leave(): void;
}

interface Entry extends Turn {
  /** Null once settled: it holds the handler, and through it the request and its response. */
  start: ((turn: Turn) => void) | null;
  /** 'waiting' for a place, 'working' in one, 'done' once it has given its place back or left while waiting. */
  state: 'waiting' | 'working' | 'done';
  timer: NodeJS.Timeout | null;
}

/**
 * A place held longer than this is given back: an answer that never ends (a fault, not a slow
 * database) must not take a place from everyone after it for good.
 */
export const STUCK_AFTER_MS = 30_000;

/**
 * At most `limit` answers in the making at once; the others wait their turn in arrival order,
 * holding nothing but their request.
 *
 * Why: on PostgreSQL a render mostly waits for the database, so without a limit every request
 * that arrives starts at once, and each one's half-made answer lives through many of V8's young
 * collections while the others' queries go first: it is moved to the old generation, which grows
 * until a full collection (about 290 KB a page at 100 connections, the server's memory doubled;
 * docs/decisions/046). A few at a time finish no later than they would have, and little of theirs
 * outlives its request. On SQLite a render never waits, so the limit costs nothing there.
 */
export class WorkGate {
  private working = 0;
  private queued = 0;
  private readonly waiting: (Entry | undefined)[] = [];
  private head = 0;
  private starting = false;

  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /**
   * Runs `start` once a place is free, unless the reader has left by then; the place is given back
   * when the answer is made (however slowly its reader takes it: response-done.ts) or the reader leaves.
   */
  enter(res: ServerResponse, start: (turn: Turn) => void): void {
    if (res.closed) return;
    const entry: Entry = { start, state: 'waiting', timer: null, leave: () => this.settle(entry) };
    this.queued++;
    this.waiting.push(entry);
    whenAnswerMade(res, () => this.settle(entry));
    this.startWaiting();
  }

  /** Answers in the making, and waiting for a place. */
  load(): { working: number; waiting: number } {
    return { working: this.working, waiting: this.queued };
  }

  private settle(entry: Entry): void {
    if (entry.state === 'done') return;
    if (entry.state === 'working') {
      this.working--;
      if (entry.timer) clearTimeout(entry.timer);
    } else this.queued--;
    entry.state = 'done';
    entry.start = null;
    this.startWaiting();
  }

  private startWaiting(): void {
    // Never within itself: a request started here may give its place back at once (held for its
    // visitor's budget, refused), which would start the next one a level deeper, and a long line of
    // them would overflow the stack. The loop below takes every place that is given back meanwhile.
    if (this.starting) return;
    this.starting = true;
    try {
      while (this.working < this.limit && this.head < this.waiting.length) {
        // The queue is an array read from `head`: a slot read is emptied at once (under load hundreds of
        // finished requests would otherwise live on in it, into the old generation), and the array's
        // front is cut off now and then, not one by one.
        const entry = this.waiting[this.head]!;
        this.waiting[this.head++] = undefined;
        if (this.head >= 1024) {
          this.waiting.splice(0, this.head);
          this.head = 0;
        }
        if (entry.state !== 'waiting') continue;
        entry.state = 'working';
        this.queued--;
        this.working++;
        entry.timer = setTimeout(() => this.settle(entry), STUCK_AFTER_MS).unref();
        entry.start!(entry);
      }
    } finally {
      this.starting = false;
    }
  }
}
