import type pg from 'pg';
import { SearchTimeoutError, type SearchPage } from '../engine.ts';
import { searchPostgres } from '../engine-postgres.ts';
import { SearchBusyError, SearchFailedError } from './errors.ts';
import type { SearchExecutor, SearchJob } from './job.ts';
import type { SearchWorkerOptions } from './pool.ts';

/**
 * Searches on PostgreSQL (docs/decisions/025): the work is the database's, so no threads, but the
 * same bounds as SQLite's pool (docs/decisions/019): at most `threads` searches at once on the
 * site's connection pool (the others' requests keep their connections), a bounded queue refused
 * with a Retry-After, and the time limit, which PostgreSQL enforces itself (statement_timeout).
 */
export class PostgresSearches implements SearchExecutor {
  private readonly pool: pg.Pool;
  private readonly options: SearchWorkerOptions;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  /** Recent search duration, for an honest Retry-After. */
  private averageMs = 20;

  constructor(pool: pg.Pool, options: SearchWorkerOptions) {
    this.pool = pool;
    this.options = options;
  }

  async run(job: SearchJob): Promise<SearchPage> {
    if (this.closed) throw new SearchFailedError(null);
    if (this.running >= this.options.threads) {
      if (this.waiting.length >= this.options.queueLimit) throw new SearchBusyError(this.retryAfterSeconds());
      await new Promise<void>((turn) => this.waiting.push(turn));
      // A search that waited while the executor closed runs no query.
      if (this.closed) {
        this.release();
        throw new SearchFailedError(null);
      }
    } else this.running++;
    const started = Date.now();
    try {
      return await searchPostgres(this.pool, job.input, job.language, job.audience, job.now, started + this.options.timeLimitMs);
    } catch (error) {
      if (error instanceof SearchTimeoutError) throw error;
      const code = (error as { code?: unknown } | null)?.code;
      // The SQLSTATE at most: a database's message could quote the query.
      throw new SearchFailedError(typeof code === 'string' ? code : null);
    } finally {
      this.averageMs = Math.round(this.averageMs * 0.8 + (Date.now() - started) * 0.2);
      this.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The turn goes to the next search waiting (which keeps `running` as it is), else is given back. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil(((this.waiting.length + 1) * this.averageMs) / this.options.threads / 1000)));
  }
}
