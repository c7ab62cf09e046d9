import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Db } from '../db/client.ts';
import { dumpPostgresDatabase } from './database-dump-postgres.ts';
import { copySqliteDatabase } from './database-file-sqlite.ts';
import { archiveEntryOf, DATABASE, DUMP, FORMAT, MANIFEST, STORAGE } from './format.ts';
import { storageToBackUp } from './stored-files.ts';

/**
 * Writes one .tar.gz with a consistent copy of the database (SQLite's online backup, or pg_dump's
 * snapshot of a PostgreSQL site's schemas: safe while the site runs and writes) and the storage
 * folder's files: the manifest (naming the engine) first, then the database, then the storage,
 * and nothing a restore would refuse (decisions 020 and 027). Returns the archive's size and the
 * storage's names that were left out.
 */
export async function createBackup(deps: { db: Db; storageRoot: string }, file: string): Promise<{ bytes: number; skipped: string[] }> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-'));
  try {
    const engine = deps.db.dialect;
    const database = engine === 'postgres' ? DUMP : DATABASE;
    if (engine === 'postgres') await dumpPostgresDatabase(deps.db, path.join(work, DUMP));
    else await copySqliteDatabase(deps.db, path.join(work, DATABASE));
    await fs.promises.writeFile(path.join(work, MANIFEST), JSON.stringify({ format: FORMAT, engine, createdAt: new Date().toISOString() }, null, 2));
    const { keep, skipped } = await storageToBackUp(deps.storageRoot);
    // tar follows this link, so the archive holds the files under storage/ without copying them first.
    await fs.promises.symlink(path.resolve(deps.storageRoot), path.join(work, STORAGE), 'dir');
    await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Files that arrived after the walk wait for the next backup; the walk decided what is in this one.
    const included = (name: string) => name === MANIFEST || name === database || keep.has(name) || archiveEntryOf(`${name}/`)?.kind === 'folder';
    await tar.create({ gzip: true, file, cwd: work, portable: true, follow: true, filter: included }, [MANIFEST, database, STORAGE]);
    return { bytes: (await fs.promises.stat(file)).size, skipped };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
