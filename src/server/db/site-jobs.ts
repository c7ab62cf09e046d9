import type { Db } from './client.ts';
import { postgresOf } from './client.ts';

/**
 * Background work every node runs (scheduled publishing, housekeeping) but one node at a time does
 * (decision 026). On PostgreSQL a session advisory lock named after the job, held on a connection
 * of its own for as long as the work runs: a node that stops mid-job loses its connection and with
 * it the lock, so no lease needs expiring. SQLite is one process, whose jobs already take turns.
 *
 * `wait`: the job runs after the other node's turn (publishing: its look then finds nothing due, and
 * its timer is set from what the other left; skipping instead would see the item still scheduled
 * and look again at once). `skip`: the job is left to the node running it (hourly housekeeping).
 */
export async function oneNodeAtATime<T>(db: Db, job: string, mode: 'wait' | 'skip', work: () => Promise<T>): Promise<T | undefined> {
  if (db.dialect !== 'postgres') return work();
  const client = await postgresOf(db).pool.connect();
  let broken: Error | undefined;
  try {
    const lock = `SELECT ${mode === 'wait' ? 'pg_advisory_lock' : 'pg_try_advisory_lock'}(hashtextextended($1, 0)) AS taken`;
    const { rows } = await client.query<{ taken: boolean | null }>(lock, [`job:${job}`]);
    if (mode === 'skip' && !rows[0]?.taken) return undefined;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`job:${job}`]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose unlock failed is closed, not pooled: closing it is what frees the lock.
    client.release(broken ?? false);
  }
}
