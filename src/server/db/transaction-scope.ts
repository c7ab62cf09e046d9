import { AsyncLocalStorage } from 'node:async_hooks';

/** What an open transaction carries through every await of the work done inside it. */
export interface OpenTransaction {
  /** The database handle that opened it: a nested call on the same handle joins it. */
  owner: object;
  /** The query builder bound to the transaction's connection. */
  tx: unknown;
  /** Steps that must happen only if and when it commits (files made public or private). */
  afterCommit: (() => void | Promise<void>)[];
}

const scope = new AsyncLocalStorage<OpenTransaction>();

/** The transaction the current async work runs in, on the given handle, if any. */
export function openTransactionOf(owner: object): OpenTransaction | undefined {
  const open = scope.getStore();
  return open?.owner === owner ? open : undefined;
}

export function runInTransaction<T>(open: OpenTransaction, work: () => Promise<T>): Promise<T> {
  return scope.run(open, work);
}

/**
 * Runs a step when the current transaction commits, never if it rolls back; at once outside any
 * transaction. A step that fails after the commit is logged: the change it follows stands.
 */
export async function afterCommit(step: () => void | Promise<void>): Promise<void> {
  const open = scope.getStore();
  if (open) open.afterCommit.push(step);
  else await step();
}

export async function runAfterCommitSteps(steps: readonly (() => void | Promise<void>)[]): Promise<void> {
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`A step after a commit failed: ${(error as Error).message}`);
    }
  }
}
