/**
 * Time as the site sees it. Production uses the system clock; tests pass a clock they move by
 * hand (tests/setup/test-clock.ts), so scheduled publishing is tested without waiting.
 */
export interface Clock {
  now(): Date;
  /** Calls `run` after `ms` milliseconds; returns a function that cancels it. */
  setTimer(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, run) {
    // An item already due (a negative wait) runs at once, without Node's warning about the value.
    const timer = setTimeout(run, Math.max(0, ms));
    // A waiting publication never keeps the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export const clockOf = (deps: { clock?: Clock }): Clock => deps.clock ?? systemClock;
