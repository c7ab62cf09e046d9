import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { registerSearchFunctions } from '../../src/server/db/search-functions.ts';
import { makeContact, makeContent, makeStory } from '../factories/index.ts';
import { repoRoot } from '../setup/paths.ts';
import { restoreTargetForAllTests } from '../setup/restore-target.ts';
import { sqliteColumn, sqliteValue } from '../setup/sqlite-file.ts';

/** A site with items, files and a contact message, and its genuine backup. */
const site = restoreTargetForAllTests(async (deps) => {
  await makeContent(deps, 'news');
  await makeContact(deps);
  await makeStory(deps);
});

/** The genuine backup with its database changed by `tamper`, packed again. */
function tamperedArchive(tamper: (db: Database.Database, file: string) => void): Promise<string> {
  return site.changedArchive((folder) => {
    const file = path.join(folder, 'site.db');
    const db = new Database(file);
    try {
      tamper(db, file);
    } finally {
      db.close();
    }
  });
}

/** Overwrites bytes of the file itself, past what the database handle sees. */
function patchFile(file: string, at: number, bytes: Buffer) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, bytes, 0, bytes.length, at);
  fs.closeSync(fd);
}

const tampering: Record<string, { tamper: (db: Database.Database, file: string) => void; why: RegExp }> = {
  'a trigger that publishes every anonymous contact message as a news item': {
    tamper: (db) =>
      db.exec(`CREATE TRIGGER contact_to_news AFTER INSERT ON contact_messages BEGIN
        INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image) VALUES ('news', NEW.name, NEW.name, NEW.email || ': ' || NEW.message, NEW.message, 'images/none.jpg');
      END`),
    why: /trigger "contact_to_news"/,
  },
  'a view over the contact messages': { tamper: (db) => db.exec('CREATE VIEW everyone AS SELECT name, email FROM contact_messages'), why: /view "everyone"/ },
  'a table of its own': { tamper: (db) => db.exec('CREATE TABLE stash (secret text)'), why: /table "stash"/ },
  'an index of its own': { tamper: (db) => db.exec('CREATE INDEX contact_email_idx ON contact_messages (email)'), why: /index "contact_email_idx"/ },
  'a search trigger rewritten to index pending stories too': {
    tamper: (db) => {
      const sql = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get('stories_search_ai') as string;
      db.exec('DROP TRIGGER stories_search_ai');
      db.exec(sql.replace('BEGIN', 'BEGIN SELECT 1;'));
    },
    why: /trigger "stories_search_ai" differs/,
  },
  'a search trigger removed': { tamper: (db) => db.exec('DROP TRIGGER posts_search_ad'), why: /no trigger "posts_search_ad"/ },
  'a column added to the contact messages': {
    tamper: (db) => db.exec("ALTER TABLE contact_messages ADD COLUMN note text DEFAULT 'copied'"),
    why: /table "contact_messages" differs/,
  },
  'a search index told to keep the text of deleted items': {
    tamper: (db) => db.exec("INSERT INTO search_index (search_index, rank) VALUES ('secure-delete', 0)"),
    why: /settings of "search_index"/,
  },
  'the index of the newest documents told to keep the text of deleted items': {
    tamper: (db) => db.exec("INSERT INTO search_recent (search_recent, rank) VALUES ('secure-delete', 0)"),
    why: /settings of "search_recent"/,
  },
  'a search trigger rewritten to keep deleted items among the newest documents': {
    tamper: (db) => {
      db.exec('DROP TRIGGER search_documents_recent_ad');
      db.exec('CREATE TRIGGER search_documents_recent_ad AFTER DELETE ON search_documents BEGIN SELECT 1; END');
    },
    why: /trigger "search_documents_recent_ad" differs/,
  },
  'a migration journal naming a migration this version does not have': {
    tamper: (db) => db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), Date.now() + 86_400_000),
    why: /newer version of the site/,
  },
  'a migration journal whose record of a migration differs from ours': {
    tamper: (db) => db.exec("UPDATE __drizzle_migrations SET hash = 'f' || substr(hash, 2) WHERE rowid = 3"),
    why: /migration 3 .*differs/,
  },
  'a user version set': { tamper: (db) => db.pragma('user_version = 7'), why: /user_version/ },
  'an application id set': { tamper: (db) => db.pragma('application_id = 1234'), why: /application_id/ },
  'automatic vacuum turned on': {
    tamper: (db) => {
      db.pragma('auto_vacuum = FULL');
      db.exec('VACUUM');
    },
    why: /auto_vacuum/,
  },
  'a page size the site never writes': {
    tamper: (db) => {
      db.pragma('page_size = 8192');
      db.exec('VACUUM');
    },
    why: /page size/,
  },
  'a database left in write-ahead-log mode': { tamper: (db) => db.pragma('journal_mode = WAL'), why: /write-ahead log/ },
  'a damaged page': {
    tamper: (db, file) => {
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.close();
      patchFile(file, pageSize * (pages - 2) + 8, Buffer.alloc(64, 0xff));
    },
    why: /integrity check|malformed|not an SQLite database/,
  },
  'bytes appended after its last page': {
    tamper: (db, file) => {
      db.close();
      fs.appendFileSync(file, Buffer.alloc(4096, 0x41));
    },
    why: /pages/,
  },
  'an SQLite file header over junk': {
    tamper: (db, file) => {
      db.close();
      fs.writeFileSync(file, 'SQLite format 3\0'.padEnd(8192, 'x'));
    },
    why: /not written as the site writes its databases/,
  },
  'a file that is no SQLite database at all': {
    tamper: (db, file) => {
      db.close();
      fs.writeFileSync(file, 'x'.repeat(8192));
    },
    why: /not an SQLite database/,
  },
};

describe('a backup whose database was tampered with', () => {
  it.each(Object.keys(tampering))('is refused when it holds %s, and nothing on disk changes', async (name) => {
    const { tamper, why } = tampering[name]!;
    await site.expectRefused(await tamperedArchive(tamper), why);
  });
});

/** A database migrated by the first `count` of our migrations only, as an earlier version of the site left it. */
function olderVersionDatabase(file: string, count: number) {
  const migrations = path.join(path.dirname(file), 'older-migrations');
  fs.mkdirSync(path.join(migrations, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(repoRoot, 'migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(migrations, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(repoRoot, 'migrations', `${tag}.sql`), path.join(migrations, `${tag}.sql`));
  // One connection of its own, with the functions the search index's triggers call, in the journal mode a backup holds.
  const db = new Database(file);
  registerSearchFunctions(db);
  migrate(drizzle(db), { migrationsFolder: migrations });
  db.exec(
    "INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image) VALUES ('news', 'Kept from before', 'Kept', 'Body', 'Body', 'images/none.jpg')",
  );
  db.pragma('journal_mode = DELETE');
  db.close();
  fs.rmSync(migrations, { recursive: true });
}

describe('a backup the site itself made', () => {
  it('comes back from an earlier version whose migrations are a prefix of ours, and is brought up to date when the site opens it', async () => {
    const migrationCount = fs.readdirSync(path.join(repoRoot, 'migrations')).filter((name) => name.endsWith('.sql')).length;
    const archive = await site.changedArchive((folder) => {
      fs.rmSync(path.join(folder, 'site.db'));
      olderVersionDatabase(path.join(folder, 'site.db'), migrationCount - 2);
    });
    await site.restore(archive);

    const reopened = await openAndMigrate(site.deps.env.DATABASE_URL);
    try {
      expect(sqliteValue({ db: reopened }, 'SELECT count(*) FROM __drizzle_migrations')).toBe(migrationCount);
      expect(sqliteColumn({ db: reopened }, 'SELECT title_en FROM posts')).toEqual(['Kept from before']);
    } finally {
      await reopened.close();
    }
  });

  it('comes back without what its free pages held: a row deleted without overwriting is not in the restored file', async () => {
    const secret = 'written-then-deleted-7f3a9c';
    const archive = await tamperedArchive((db, file) => {
      db.pragma('secure_delete = OFF');
      db.prepare("INSERT INTO contact_messages (name, email, message) VALUES ('Someone', 'someone@example.org', ?)").run(secret.repeat(200));
      db.exec("DELETE FROM contact_messages WHERE name = 'Someone'");
      db.close();
      expect(fs.readFileSync(file).includes(secret)).toBe(true);
    });
    await site.restore(archive);
    expect(fs.readFileSync(site.deps.env.DATABASE_URL).includes(secret)).toBe(false);
  });
});
