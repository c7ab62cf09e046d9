import type { Db, Engine, Orm } from './client.ts';
import { openTransactionOf, runAfterCommitSteps, runInTransaction, type OpenTransaction } from './transaction-scope.ts';

interface EngineParts {
  engine: Engine;
  /** The query builder for reads outside transactions (and, on PostgreSQL, any single statement). */
  readOrm: Orm;
  /** Runs work in one new transaction of the engine and commits it, or rolls it back if it throws. */
  begin<T>(work: (tx: Orm) => Promise<T>): Promise<T>;
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** A transaction's own builder: a transaction asked for inside it joins it (one commit, one rollback). */
function joining(tx: Orm): Orm {
  const joined: Orm = new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return <T>(work: (inner: Orm) => Promise<T>) => work(joined);
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return joined;
}

/**
 * The database handle the site works with. Queries made while a transaction of this handle is
 * open in the same async flow go to that transaction (so a helper given `db` sees the caller's
 * uncommitted rows and writes into its transaction), every other query to the read side: other
 * requests never see or join a transaction that is still open.
 */
export function withTransactions(parts: EngineParts): Db {
  const own = {
    dialect: parts.engine.dialect,
    engine: parts.engine,
    migrate: parts.migrate,
    exclusive: parts.exclusive,
    close: parts.close,
    async transaction<T>(work: (tx: Orm) => Promise<T>): Promise<T> {
      const open = openTransactionOf(handle);
      if (open) return work(open.tx as Orm);
      const { result, steps } = await parts.begin(async (raw) => {
        const state: OpenTransaction = { owner: handle, tx: joining(raw), afterCommit: [] };
        const value = await runInTransaction(state, () => work(state.tx as Orm));
        return { result: value, steps: state.afterCommit };
      });
      await runAfterCommitSteps(steps);
      return result;
    },
  };
  const handle: Db = new Proxy(parts.readOrm, {
    // `'engine' in db` tells a handle from a transaction's builder.
    has: (readOrm, prop) => Object.hasOwn(own, prop) || Reflect.has(readOrm, prop),
    get(readOrm, prop) {
      if (Object.hasOwn(own, prop)) return own[prop as keyof typeof own];
      const target = (openTransactionOf(handle)?.tx as Orm | undefined) ?? readOrm;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Db;
  return handle;
}
