/**
 * Runs async work one piece at a time, in the order it asked. SQLite has one writer: its open
 * transaction must stay the only thing on the write connection until it commits, even while it
 * awaits, so every transaction of a process waits here for the one before it.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(work, work);
    // The next piece waits for this one to end, whether it succeeded or not.
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
}
