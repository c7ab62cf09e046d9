import type { Db } from './client.ts';
import { afterCommit, openTransactionOf } from './transaction-scope.ts';

/**
 * How long a node's queue loop sleeps at most before it looks at the queue again: for what other
 * nodes queued (a node that queues something wakes its own loop at once).
 */
export const IDLE_LOOK_MS = 5_000;

/**
 * The loop a node runs over a durable queue that every node claims from (mail, purges): a turn,
 * then a sleep for as long as the turn says, cut short when this node queues something (`kick`)
 * or stops. A failed turn is logged and tried again after IDLE_LOOK_MS. Subclasses say whether
 * the queue is configured and what a turn does.
 */
export abstract class QueueLoop {
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  protected readonly db: Db;
  /** What failed, for the log line of a failed turn. */
  private readonly failure: string;

  protected constructor(db: Db, failure: string) {
    this.db = db;
    this.failure = failure;
  }

  abstract get configured(): boolean;

  /** One claim and its work; answers how long to wait before the next (0: go on at once). */
  abstract turn(): Promise<number>;

  start(): void {
    if (this.running || !this.configured) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Ends the loop after the turn under way (a subclass may cut that turn short first). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** Something was queued on this node: look now (after the transaction that queued it commits). */
  kick(): void {
    if (openTransactionOf(this.db)) void afterCommit(async () => this.wake?.());
    else this.wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      let pause: number;
      try {
        pause = await this.turn();
      } catch (error) {
        console.error(`${this.failure}; trying again shortly:`, error);
        pause = IDLE_LOOK_MS;
      }
      if (!this.running) break;
      if (pause > 0) await this.sleep(pause);
    }
  }
}
