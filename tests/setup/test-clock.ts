import type { Clock } from '../../src/server/publication/clock.ts';

/**
 * A clock the test moves by hand: `advance` runs, in time order, every timer that falls due, as
 * the real clock would have. No test waits for real time to pass.
 */
export class TestClock implements Clock {
  private current: number;
  private timers: { at: number; fire: () => void; id: number }[] = [];
  private nextId = 0;
  private settled: () => Promise<void> = () => Promise.resolve();

  constructor(start: Date | string = '2026-11-22T08:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimer(ms: number, run: () => void): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.current + Math.max(0, ms), fire: run, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  /**
   * What the timers start in the background (the publication timer's look, which publishes and sets
   * the next timer): `advance` waits for it after each timer, as the real clock's time would.
   */
  waitsFor(settled: () => Promise<void>): this {
    this.settled = settled;
    return this;
  }

  /** Moves time forward, running each timer due on the way at its own moment and waiting for what it started. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    // A look started before (a node beginning to listen) may still be about to set a timer.
    await this.settled();
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.at);
      due.fire();
      await this.settled();
    }
    this.current = end;
  }

  /** Timers waiting, for tests that check one is armed. */
  get pending(): number {
    return this.timers.length;
  }
}
