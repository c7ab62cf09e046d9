import fs from 'node:fs';
import path from 'node:path';
import { isPostgresUrl } from '../db/client.ts';
import { BackupError, STORAGE } from './format.ts';
import { defaultRestoreLimits, type RestoreLimits } from './limits.ts';
import { unpackBackup, type UnpackedArchive } from './read-archive.ts';
import { checkBackupDatabase, compactBackupDatabase } from './sqlite-database.ts';
import { mistypedFiles } from './stored-files.ts';

/**
 * Brings a backup back, accepting only what the site itself could have written
 * (docs/decisions/020): the archive is unpacked within bounds beside the storage folder, its
 * database checked against this site's migrations, its files' bytes against their names, and the
 * database rewritten from its rows; only then are the database file and the storage folder
 * replaced. The previous ones are kept beside them with a `.before-restore-<time>` suffix. Any
 * refusal (a BackupError saying why) leaves the disk as it was. The server must be stopped.
 */
export async function restoreBackup(
  file: string,
  target: { dbFile: string; storageDir: string },
  limits: Partial<RestoreLimits> = {},
): Promise<{ keptDb: string | null; keptStorage: string | null }> {
  if (isPostgresUrl(target.dbFile)) throw new BackupError('Restoring a backup is not available on PostgreSQL yet.');
  const dbFile = path.resolve(target.dbFile);
  const storageDir = path.resolve(target.storageDir);
  // Beside the storage folder: the same disk, so the restored folder is moved into place rather
  // than copied, and nothing is unpacked into a /tmp that may live in memory.
  await fs.promises.mkdir(path.dirname(storageDir), { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(path.dirname(storageDir), '.restore-'));
  try {
    const unpacked = await unpackBackup(file, work, { ...defaultRestoreLimits, ...limits });
    if (!unpacked.database) throw new BackupError(`${file} holds no database.`);
    const label = `The database in ${file}`;
    checkBackupDatabase(unpacked.database, label);
    const [mistyped] = await mistypedFiles(unpacked.stored);
    if (mistyped) {
      const found = mistyped.found ? `a ${mistyped.found} file` : 'of no type the site stores';
      throw new BackupError(`${file} holds ${STORAGE}/${mistyped.item.relative}, whose bytes are ${found}, not the ${mistyped.item.ext} its name says.`);
    }
    compactBackupDatabase(unpacked.database, label);
    return await install(unpacked.database, unpacked, { dbFile, storageDir });
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

async function install(database: string, unpacked: UnpackedArchive, target: { dbFile: string; storageDir: string }) {
  const { dbFile, storageDir } = target;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await fs.promises.mkdir(path.dirname(dbFile), { recursive: true });
  // Copied beside its place first (the database's folder may be on another disk), then renamed over it.
  const arriving = `${dbFile}.restoring-${stamp}`;
  await fs.promises.copyFile(database, arriving);
  let keptDb: string | null = null;
  if (fs.existsSync(dbFile)) {
    keptDb = `${dbFile}.before-restore-${stamp}`;
    await fs.promises.rename(dbFile, keptDb);
    // The previous database's log goes with it (it may hold its last commits); its index is rebuilt from them.
    if (fs.existsSync(`${dbFile}-wal`)) await fs.promises.rename(`${dbFile}-wal`, `${keptDb}-wal`);
  }
  await fs.promises.rm(`${dbFile}-shm`, { force: true });
  await fs.promises.rm(`${dbFile}-wal`, { force: true });
  await fs.promises.rename(arriving, dbFile);

  let keptStorage: string | null = null;
  if (fs.existsSync(storageDir)) {
    keptStorage = `${storageDir}.before-restore-${stamp}`;
    await fs.promises.rename(storageDir, keptStorage);
  }
  await fs.promises.rename(unpacked.storage, storageDir);
  return { keptDb, keptStorage };
}
