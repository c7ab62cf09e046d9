import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { openAndMigrate, type Db } from '../../src/server/db/client.ts';
import { migrationsFolder } from '../../src/server/db/sqlite-engine.ts';
import { registerSearchFunctions } from '../../src/server/db/search-functions.ts';
import { newsletterSubscribers } from '../../src/server/db/schema.ts';
import { newTestDir } from '../setup/test-db.ts';

/**
 * An SQLite site upgraded to the sending newsletter (migration 0020) keeps every address it had:
 * they subscribed through the same form, so they are confirmed readers of the English edition
 * (decision 036), not pending ones that would be forgotten a week later.
 */
const dirs: string[] = [];
let opened: Db | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder as it was before `tag`. */
function migrationsBefore(tag: string, dir: string): string {
  const folder = path.join(dir, 'migrations');
  fs.cpSync(migrationsFolder('sqlite'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(cut)) fs.rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the newsletter sending migration on SQLite', () => {
  it('keeps every earlier subscriber, as a confirmed English reader with no token yet', async () => {
    const dir = newTestDir('m');
    dirs.push(dir);
    const file = path.join(dir, 'site.db');
    const before = new Database(file);
    registerSearchFunctions(before);
    migrate(drizzle(before), { migrationsFolder: migrationsBefore('0020_newsletter_sending', dir) });
    before
      .prepare('INSERT INTO newsletter_subscribers (email, created_at, updated_at) VALUES (?, ?, ?), (?, ?, ?)')
      .run('old@example.org', 1_700_000_000_000, 1_700_000_000_000, 'older@example.org', 1_600_000_000_000, 1_600_000_000_000);
    before.close();

    opened = await openAndMigrate(file);
    const rows = await opened.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id);
    expect(rows.map((row) => [row.email, row.state, row.language, row.unsubscribeToken, row.createdAt.getTime()])).toEqual([
      ['old@example.org', 'confirmed', 'en', null, 1_700_000_000_000],
      ['older@example.org', 'confirmed', 'en', null, 1_600_000_000_000],
    ]);
  });
});
