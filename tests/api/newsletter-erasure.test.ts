import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forgetUnconfirmed, unsubscribe } from '../../src/server/mail/subscriptions.ts';
import { mailSiteForEachTest, readersToErase } from '../setup/newsletter-kit.ts';
import { sqliteCheckpoint } from '../setup/sqlite-file.ts';

/**
 * An address that unsubscribed, or was never confirmed and is forgotten, is gone from every file of
 * the SQLite database at once, as a deleted story is (security-erasure.test.ts). SQLite's own
 * files only: PostgreSQL's are newsletter-erasure-postgres.test.ts.
 */
const site = mailSiteForEachTest();

/** The database and the files SQLite keeps beside it, as a thief or a forensic tool would read them. */
function filesHolding(text: string): string[] {
  const file = site.deps.env.DATABASE_URL;
  const needle = Buffer.from(text, 'utf8');
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`].filter((candidate) => fs.existsSync(candidate) && fs.readFileSync(candidate).includes(needle));
}

describe('newsletter addresses erased from the SQLite files', () => {
  it('leaves no trace of an address that unsubscribed, nor of its token, nor of one forgotten unconfirmed', async () => {
    const { leaving, token, forgotten } = await readersToErase(site);
    // Written, and folded into the main file once, as an ordinary checkpoint would.
    await sqliteCheckpoint(site.deps, 'PASSIVE');
    for (const text of [leaving, token, forgotten]) expect(filesHolding(text).length, text).toBeGreaterThan(0);

    // Each is erased by its own step, at once.
    expect(await unsubscribe(site.deps.db, token, new Date())).toBe(true);
    for (const text of [leaving, token]) expect(filesHolding(text), text).toEqual([]);
    expect(filesHolding(forgotten).length).toBeGreaterThan(0);
    expect(await forgetUnconfirmed(site.deps.db)).toBe(1);
    expect(filesHolding(forgotten)).toEqual([]);
  });
});
