import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { LoginThrottle, RateLimiter } from './throttle.ts';

/** In-memory guards of one running site (one SQLite file, one process). */
export interface Runtime {
  loginThrottle: LoginThrottle;
  publicWrites: RateLimiter;
  uploads: RateLimiter;
  /** SHA-256 of the one-time first-run setup token, while the site has no administrator. */
  setupTokenHash: string | null;
}

const runtimes = new WeakMap<Db, Runtime>();

/** The guards of the site that owns this database; created on first use. */
export function runtimeFor(db: Db, env: Env): Runtime {
  let runtime = runtimes.get(db);
  if (!runtime) {
    runtime = {
      loginThrottle: new LoginThrottle(),
      publicWrites: new RateLimiter(env.RATE_LIMIT_PUBLIC_WRITES, 3_600_000),
      uploads: new RateLimiter(env.RATE_LIMIT_UPLOADS, 3_600_000),
      setupTokenHash: null,
    };
    runtimes.set(db, runtime);
  }
  return runtime;
}
