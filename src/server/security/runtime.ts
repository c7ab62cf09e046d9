import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';

/** The content version of one running site (one SQLite file, one process). Throttles and the setup token are in `guards.ts`. */
export interface Runtime {
  /** Distinguishes this process's change counts from a previous run's. */
  bootId: string;
  /** Successful changes since start: part of the ETag of every public response. */
  changes: number;
}

const runtimes = new WeakMap<Db, Runtime>();

/** The content version of the site that owns this database; created on first use. */
export function runtimeFor(db: Db, _env: Env): Runtime {
  let runtime = runtimes.get(db);
  if (!runtime) {
    runtime = {
      bootId: Date.now().toString(36),
      changes: 0,
    };
    runtimes.set(db, runtime);
  }
  return runtime;
}

/** Marks public content as changed, so cached pages and lists revalidate to the new version. */
export function bumpContentVersion(db: Db, env: Env): void {
  runtimeFor(db, env).changes += 1;
}
