import pg from './postgres-types.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db, Orm } from './client.ts';
import { indexPendingSearches } from '../search/index-postgres.ts';
import { withTransactions } from './routing.ts';
import * as schema from './schema.ts';
import { migrationsFolder } from './sqlite-engine.ts';

export interface PostgresEngine {
  dialect: 'postgres';
  url: string;
  pool: pg.Pool;
  /** Connections of the engine's own outside the pool (a LISTEN), ended when the handle closes. */
  onClose(step: () => Promise<void>): void;
}

/** SQLSTATEs after which a serializable transaction is simply tried again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 12;
/** The longest pause before a retry: pauses grow (5, 10, 20 … ms, at random below each) up to it. */
const MAX_PAUSE_MS = 1_000;

/** Any two nodes starting at once migrate one after the other. */
const MIGRATION_LOCK = 7_180_226_001;

/**
 * Opens a pool on a PostgreSQL database (decision 023). Transactions are SERIALIZABLE, so the site
 * keeps the one-writer-at-a-time reasoning it has on SQLite without a lock per query: when two
 * nodes' transactions would have interleaved, one of them is rolled back and run again.
 */
export function openPostgres(url: string, options: { poolSize?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, application_name: 'womens-rights-news' });
  // An idle connection the server closed must not take the process down.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  const orm = drizzle(pool, { schema }) as unknown as Orm & { transaction: PgTransaction };
  const closing: (() => Promise<void>)[] = [];
  const engine: PostgresEngine = { dialect: 'postgres', url, pool, onClose: (step) => closing.push(step) };
  const begin = async <T>(work: (tx: Orm) => Promise<T>, options: { indexAll?: boolean } = {}): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await orm.transaction(
          async (tx) => {
            const value = await work(tx);
            // Still inside the transaction, just before COMMIT: the search documents of the items it
            // changed (search/index-postgres.ts), so they commit, or roll back, with the items.
            await indexPendingSearches(tx, options.indexAll);
            return value;
          },
          { isolationLevel: 'serializable' },
        );
      } catch (error) {
        const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
        // Growing pauses: many transactions contending for one row (an item saved from several
        // places at once) spread out instead of colliding again at every retry.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_PAUSE_MS, 5 * 2 ** attempt)));
      }
    }
  };
  return withTransactions({
    engine,
    readOrm: orm,
    begin,
    exclusive: async (work) => work(),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(drizzle(client), { migrationsFolder: migrationsFolder('postgres') });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
      // Items a migration noted for search (a new index, a change to what is indexed): the
      // migration's SQL cannot run the normaliser, so they are indexed here.
      await begin(async () => undefined, { indexAll: true });
    },
    close: async () => {
      await Promise.all(closing.map((step) => step()));
      await pool.end();
    },
  });
}

type PgTransaction = <T>(work: (tx: Orm) => Promise<T>, config: { isolationLevel: 'serializable' }) => Promise<T>;
