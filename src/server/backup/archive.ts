import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { isPostgresUrl, type Db } from '../db/client.ts';
import { copySqliteDatabase, sqliteIntegrity } from './database-file-sqlite.ts';

const MANIFEST = 'manifest.json';
const FORMAT = 'womens-rights-news-backup/1';

/**
 * Writes one .tar.gz with a consistent copy of the database (SQLite's online backup, safe while
 * the site runs and writes) and the storage folder.
 */
export async function createBackup(deps: { db: Db; storageRoot: string }, file: string): Promise<{ bytes: number }> {
  if (deps.db.dialect !== 'sqlite') throw new Error('Backups are not available on PostgreSQL yet.');
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-'));
  try {
    await copySqliteDatabase(deps.db, path.join(work, 'site.db'));
    await fs.promises.writeFile(path.join(work, MANIFEST), JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString() }, null, 2));
    // tar follows this link, so the archive holds the files under storage/ without copying them first.
    await fs.promises.symlink(path.resolve(deps.storageRoot), path.join(work, 'storage'), 'dir');
    await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file, cwd: work, portable: true, follow: true, filter: (p) => !p.includes('/.incoming') && !p.endsWith('.part') }, [MANIFEST, 'site.db', 'storage']);
    return { bytes: (await fs.promises.stat(file)).size };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

export class BackupError extends Error {}

/**
 * Only regular files and folders under the names a backup holds come back: a link in a doctored
 * archive could otherwise make the site serve, or later overwrite, a file outside its storage.
 */
function isPlainBackupEntry(entryPath: string, entry: tar.ReadEntry | fs.Stats): boolean {
  const type = 'type' in entry ? entry.type : entry.isFile() ? 'File' : entry.isDirectory() ? 'Directory' : 'Other';
  if (type !== 'File' && type !== 'Directory') return false;
  const name = entryPath.replace(/^\.\//, '');
  return name === MANIFEST || name === 'site.db' || name === 'storage' || name.startsWith('storage/');
}

/**
 * Brings a backup back: checks the archive (manifest, SQLite integrity) before touching anything,
 * then replaces the database file and the storage folder. The previous ones are kept beside them
 * with a `.before-restore-<time>` suffix. The server must be stopped.
 */
export async function restoreBackup(file: string, target: { dbFile: string; storageDir: string }): Promise<{ keptDb: string | null; keptStorage: string | null }> {
  if (isPostgresUrl(target.dbFile)) throw new BackupError('Restoring a backup is not available on PostgreSQL yet.');
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restore-'));
  try {
    await tar.extract({ file, cwd: work, strict: true, preservePaths: false, filter: isPlainBackupEntry });
    const manifest = JSON.parse(await fs.promises.readFile(path.join(work, MANIFEST), 'utf8').catch(() => '{}')) as { format?: string };
    if (manifest.format !== FORMAT) throw new BackupError(`${file} is not a backup made by this site.`);
    const extractedDb = path.join(work, 'site.db');
    const verdict = sqliteIntegrity(extractedDb);
    if (verdict !== 'ok') throw new BackupError(`The database in ${file} fails its integrity check: ${verdict}`);

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dbFile = path.resolve(target.dbFile);
    const storageDir = path.resolve(target.storageDir);
    await fs.promises.mkdir(path.dirname(dbFile), { recursive: true });
    let keptDb: string | null = null;
    if (fs.existsSync(dbFile)) {
      keptDb = `${dbFile}.before-restore-${stamp}`;
      await fs.promises.rename(dbFile, keptDb);
    }
    for (const suffix of ['-wal', '-shm']) await fs.promises.rm(dbFile + suffix, { force: true });
    await fs.promises.copyFile(extractedDb, dbFile);

    let keptStorage: string | null = null;
    if (fs.existsSync(storageDir)) {
      keptStorage = `${storageDir}.before-restore-${stamp}`;
      await fs.promises.rename(storageDir, keptStorage);
    }
    const extractedStorage = path.join(work, 'storage');
    if (fs.existsSync(extractedStorage)) await fs.promises.cp(extractedStorage, storageDir, { recursive: true });
    else await fs.promises.mkdir(storageDir, { recursive: true });
    return { keptDb, keptStorage };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
