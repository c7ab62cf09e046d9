import type { Clock } from '../../src/server/publication/clock.ts';

/**
 * A clock the test moves by hand: `advance` runs, in time order, every timer that falls due, as
 * the real clock would have. No test waits for real time to pass.
 */
export class TestClock implements Clock {
  private current: number;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(start: Date | string = '2026-11-22T08:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimer(ms: number, run: () => void): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.current + Math.max(0, ms), run, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  /** Moves time forward, running each timer due on the way at its own moment. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.at);
      due.run();
    }
    this.current = end;
  }

  /** Timers waiting, for tests that check one is armed. */
  get pending(): number {
    return this.timers.length;
  }
}
