// One site on both engines for a benchmark: a SQLite file filled with news items and a throwaway
// PostgreSQL cluster holding the same rows, copied by the site's own copy command's code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAndMigrate } from '../src/server/db/client.ts';
import { copySiteToPostgres } from '../src/server/db/copy-site.ts';
import { rebuildSearchIndex } from '../src/server/search/rebuild.ts';
// The tests' throwaway server: its own cluster on a free port, removed afterwards.
import { startPostgres } from '../tests/setup/postgres-server.ts';
import { fillNews } from './fill-sqlite.ts';

export interface BothEngines {
  /** The site's SQLite file (DATABASE_URL). */
  sqliteFile: string;
  /** The same rows on PostgreSQL (DATABASE_URL). */
  postgresUrl: string;
  /** An empty storage folder both may use. */
  storage: string;
  /** A folder for the benchmark's own files, removed afterwards. */
  dir: string;
  /** Whether PostgreSQL's search index was built (asked for with `searchIndex`). */
  searchable: boolean;
}

/**
 * Runs `use` with `items` news items on both engines, then removes both. `searchIndex`: PostgreSQL's
 * search documents are built too (SQLite's index follows its rows by itself).
 */
export async function withBothEngines<T>(items: number, use: (site: BothEngines) => Promise<T>, options: { searchIndex?: boolean } = {}): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-engines-'));
  const sqliteFile = path.join(dir, 'site.db');
  // Its own folder under the system's temporary one: the server's user must reach it, and cannot enter ours.
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const postgres = await startPostgres(pgDir);
  try {
    await fillNews(sqliteFile, items, 'images/bench.jpg');
    postgres.sql('CREATE DATABASE bench');
    const postgresUrl = postgres.urlOf('bench');
    const source = await openAndMigrate(sqliteFile);
    const target = await openAndMigrate(postgresUrl);
    let searchable = false;
    try {
      await copySiteToPostgres(source, target);
      if (options.searchIndex)
        searchable = await rebuildSearchIndex(target).then(
          () => true,
          (error: Error) => (console.log(`  (PostgreSQL search index not built: ${error.message})`), false),
        );
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
    return await use({ sqliteFile, postgresUrl, storage: path.join(dir, 'storage'), dir, searchable });
  } finally {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
