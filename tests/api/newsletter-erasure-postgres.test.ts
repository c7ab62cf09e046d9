import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresOf } from '../../src/server/db/client.ts';
import { forgetUnconfirmed, unsubscribe } from '../../src/server/mail/subscriptions.ts';
import { mailSiteForEachTest, readersToErase } from '../setup/newsletter-kit.ts';
import { pgFilesHolding } from '../setup/pg-data-files.ts';
import { runPostgres } from '../setup/postgres-server.ts';

/**
 * An address that unsubscribed, or was never confirmed and is forgotten, is gone from every file of
 * the PostgreSQL server at once (tables, indexes, write-ahead log, statistics), as a deleted story
 * is (erasure-postgres.test.ts). Runs in the PostgreSQL project only.
 */
const site = mailSiteForEachTest();

describe('newsletter addresses erased from the PostgreSQL files', () => {
  it('leaves no trace of an address that unsubscribed, nor of its token, nor of one forgotten unconfirmed', async () => {
    const { leaving, token, forgotten } = await readersToErase(site);
    // On disk, as the server writes it sooner or later (the test server does not wait for the log).
    await postgresOf(site.deps.db).pool.query('CHECKPOINT');
    for (const [text, files] of Object.entries(pgFilesHolding(leaving, token, forgotten))) expect(files.length, text).toBeGreaterThan(0);

    // Each is erased by its own step, at once.
    expect(await unsubscribe(site.deps.db, token, new Date())).toBe(true);
    const afterUnsubscribe = pgFilesHolding(leaving, token, forgotten);
    expect({ [leaving]: afterUnsubscribe[leaving], [token]: afterUnsubscribe[token] }).toEqual({ [leaving]: [], [token]: [] });
    expect(afterUnsubscribe[forgotten]!.length).toBeGreaterThan(0);
    expect(await forgetUnconfirmed(site.deps.db)).toBe(1);
    expect(pgFilesHolding(forgotten)).toEqual({ [forgotten]: [] });
  });

  /** Unsubscribes while `holder` has a transaction open from before (begun by `begin`), ended 300 ms later. */
  async function unsubscribeWhileOpen(holder: Pick<pg.ClientBase, 'query'>, begin: string[]): Promise<void> {
    const { leaving, token } = await readersToErase(site);
    for (const statement of begin) await holder.query(statement);
    const unsubscribed = unsubscribe(site.deps.db, token, new Date());
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.query('COMMIT');
    expect(await unsubscribed).toBe(true);
    expect(pgFilesHolding(leaving, token)).toEqual({ [leaving]: [], [token]: [] });
  }

  it('erases an address even while a query that began before the unsubscribe is still running', async () => {
    // Another session's snapshot from before the delete, as a purge or a mail claim still running on a busy
    // machine holds one: VACUUM FULL would copy the deleted row into the rewritten table while it may see it.
    const holder = await postgresOf(site.deps.db).pool.connect();
    try {
      await unsubscribeWhileOpen(holder, ['BEGIN ISOLATION LEVEL REPEATABLE READ', 'SELECT 1']);
    } finally {
      holder.release();
    }
  });

  it('erases an address even while a transaction of another database on the same server began before the unsubscribe', async () => {
    // VACUUM FULL's own snapshot counts every transaction still running on the server, whatever its database:
    // with one older than the delete, the deleted row is "recently dead" to it and copied.
    const other = new pg.Client({ connectionString: runPostgres()!.urlOf('postgres') });
    await other.connect();
    try {
      await unsubscribeWhileOpen(other, ['BEGIN', 'SELECT pg_current_xact_id()']);
    } finally {
      await other.end();
    }
  });
});
