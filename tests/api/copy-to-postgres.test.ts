import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copySiteToPostgres, CopyRefused, describeSite } from '../../src/server/db/copy-site.ts';
import { envFor } from '../../src/server/env.ts';
import { makeContactWithImage } from '../factories/admin-content.ts';
import { makeContent, makeSubscriber } from '../factories/index.ts';
import { fillSite } from '../setup/backup-site.ts';
import { publicCaller } from '../setup/callers.ts';
import { rowCounts } from '../setup/db-snapshot.ts';
import { baseDbFile } from '../setup/paths.ts';
import { freshDatabaseUrl, newTestDir, testDepsIn, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

let sites: TestDeps[] = [];
afterEach(async () => {
  for (const site of sites) await site.cleanup();
  sites = [];
});

/** An SQLite site, whatever engine this run's suites use: the copy reads one. */
function sqliteSite(): TestDeps {
  const dir = newTestDir('t');
  fs.copyFileSync(baseDbFile, path.join(dir, 'site.db'));
  const site = testDepsIn(dir, envFor({ DATABASE_URL: path.join(dir, 'site.db'), STORAGE_DIR: path.join(dir, 'storage') }));
  sites.push(site);
  return site;
}

/** A fresh, migrated PostgreSQL database, its site pointed at `storageDir` (the copy moves no file). */
function postgresSite(storageDir: string): TestDeps {
  const dir = newTestDir('t');
  const site = testDepsIn(dir, envFor({ DATABASE_URL: freshDatabaseUrl(dir), STORAGE_DIR: storageDir }));
  sites.push(site);
  return site;
}

/** What readers are served: each public list and each item of it, as the procedures give them. */
async function served(site: TestDeps) {
  const caller = publicCaller(site);
  const lists = {
    news: await caller.news.list({}),
    articles: await caller.articles.list({}),
    reports: await caller.reports.list({}),
    gallery: await caller.gallery.list({}),
    legal: await caller.legal.list({}),
    stories: await caller.stories.published({}),
  };
  const items = {
    news: await Promise.all(lists.news.items.map((item) => caller.news.byId({ id: item.id }))),
    legal: await Promise.all(lists.legal.items.map((item) => caller.legal.byId({ id: item.id }))),
    stories: await Promise.all(lists.stories.items.map((item) => caller.stories.publishedById({ id: item.id }))),
  };
  return { lists, items };
}

describe('moving an SQLite site onto PostgreSQL (npm run db:copy-to-postgres)', () => {
  it('copies every table with equal row counts and hashes, and the copy serves the same items from the same files', async () => {
    const source = sqliteSite();
    await fillSite(source);
    await makeContent(source, 'article');
    await makeSubscriber(source);
    await makeContactWithImage(source);
    const counts = await rowCounts(source);
    for (const table of ['posts', 'gallery_items', 'legal_items', 'stories', 'uploads', 'users', 'contact_messages', 'newsletter_subscribers', 'audit_log']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    const files = fs.readdirSync(folderOf(source.storage).root, { recursive: true }).sort();

    const target = postgresSite(folderOf(source.storage).root);
    const { tables, search } = await copySiteToPostgres(source.db, target.db);
    expect(tables).toEqual(await describeSite(source.db));
    expect(await describeSite(target.db)).toEqual(await describeSite(source.db));
    // Every table of the site's, counted by SQL on each engine; SQLite's search index tables are its own, rebuilt on PostgreSQL.
    const siteCounts = Object.fromEntries(tables.map((entry) => [entry.table, counts[entry.table]]));
    expect(Object.fromEntries(tables.map((entry) => [entry.table, entry.rows]))).toEqual(siteCounts);
    const targetCounts = await rowCounts(target);
    expect(Object.fromEntries(Object.keys(siteCounts).map((table) => [table, targetCounts[table]]))).toEqual(siteCounts);
    // The rest of PostgreSQL's tables are its search index, rebuilt: one document per item there is to
    // find, the submitted stories' in a partition of their own (erased without rewriting the rest).
    expect(
      Object.keys(targetCounts)
        .filter((table) => !(table in siteCounts))
        .sort(),
    ).toEqual([
      'search_documents',
      'search_documents_items',
      'search_documents_stories',
      'search_lexemes',
      'search_lexemes_items',
      'search_lexemes_stories',
      'search_pending',
      'search_totals',
    ]);
    expect(targetCounts.search_documents_stories).toBe(counts.stories);
    expect(counts.stories).toBeGreaterThan(0);
    const searchable = ['posts', 'gallery_items', 'legal_items', 'stories'].reduce((sum, table) => sum + (counts[table] ?? 0), 0);
    expect(search).toEqual({ documents: searchable });
    expect(targetCounts.search_documents).toBe(searchable);
    expect((await publicCaller(target).search.query({ q: 'women' })).total).toBe((await publicCaller(source).search.query({ q: 'women' })).total);

    expect(await served(target)).toEqual(await served(source));
    expect(fs.readdirSync(folderOf(source.storage).root, { recursive: true }).sort()).toEqual(files);
    // The copy's identities go on past the copied ids.
    const newest = Math.max(...(await publicCaller(source).news.list({})).items.map((item) => item.id));
    expect((await makeContent(target, 'news')).id).toBeGreaterThan(newest);
  }, 60_000);

  it('refuses a PostgreSQL database that already holds content, and leaves it as it was', async () => {
    const source = sqliteSite();
    await fillSite(source);
    const target = postgresSite(path.join(newTestDir('t'), 'storage'));
    await makeContent(target, 'news');
    const before = await describeSite(target.db);
    await expect(copySiteToPostgres(source.db, target.db)).rejects.toThrow(CopyRefused);
    await expect(copySiteToPostgres(source.db, target.db)).rejects.toThrow(/already holds data \(table \w+\); the copy goes only into an empty, new database/);
    expect(await describeSite(target.db)).toEqual(before);
  }, 60_000);
});
