import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Db } from '../db/client.ts';
import { dumpPostgresDatabase } from './database-dump-postgres.ts';
import { copySqliteDatabase } from './database-file-sqlite.ts';
import { archiveEntryOf, DATABASE, DUMP, FORMAT, MANIFEST, STORAGE } from './format.ts';
import type { FolderStorage } from '../uploads/storage-folder.ts';
import type { Storage } from '../uploads/storage.ts';
import { downloadStorage, storageToBackUp } from './stored-files.ts';

/**
 * Writes one .tar.gz with a consistent copy of the database (SQLite's online backup, or pg_dump's
 * snapshot of a PostgreSQL site's schemas: safe while the site runs and writes) and the stored
 * files (a folder's, or a bucket's with the private ones decrypted: the same archive either way): the manifest (naming the engine) first, then the database, then the storage,
 * and nothing a restore would refuse (decisions 020 and 027). Returns the archive's size and the
 * storage's names that were left out.
 */
export async function createBackup(deps: { db: Db; storage: Storage }, file: string): Promise<{ bytes: number; skipped: string[] }> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-'));
  try {
    const engine = deps.db.dialect;
    const database = engine === 'postgres' ? DUMP : DATABASE;
    if (engine === 'postgres') await dumpPostgresDatabase(deps.db, path.join(work, DUMP));
    else await copySqliteDatabase(deps.db, path.join(work, DATABASE));
    await fs.promises.writeFile(path.join(work, MANIFEST), JSON.stringify({ format: FORMAT, engine, createdAt: new Date().toISOString() }, null, 2));
    // A folder is archived where it is; a bucket's objects are fetched (decrypted) into the work folder first.
    const { root, strays } =
      deps.storage.kind === 'folder' ? { root: (deps.storage as FolderStorage).root, strays: [] } : await downloadStorage(deps.storage, work);
    const { keep, skipped } = await storageToBackUp(root);
    skipped.push(...strays);
    // tar follows this link, so the archive holds the files under storage/ without copying them first.
    if (deps.storage.kind === 'folder') await fs.promises.symlink(root, path.join(work, STORAGE), 'dir');
    await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Files that arrived after the walk wait for the next backup; the walk decided what is in this one.
    const included = (name: string) => name === MANIFEST || name === database || keep.has(name) || archiveEntryOf(`${name}/`)?.kind === 'folder';
    await tar.create({ gzip: true, file, cwd: work, portable: true, follow: true, filter: included }, [MANIFEST, database, STORAGE]);
    return { bytes: (await fs.promises.stat(file)).size, skipped };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
