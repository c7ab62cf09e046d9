import fs from 'node:fs';
import path from 'node:path';
import { isPostgresUrl } from '../db/client.ts';
import { BackupError, STORAGE, type BackupEngine } from './format.ts';
import { defaultRestoreLimits, type RestoreLimits } from './limits.ts';
import { checkPostgresDump } from './postgres-dump.ts';
import { postgresReference } from './postgres-reference.ts';
import { unpackBackup, type UnpackedArchive } from './read-archive.ts';
import { installPostgresDump } from './restore-postgres.ts';
import { checkBackupDatabase, compactBackupDatabase } from './sqlite-database.ts';
import { mistypedFiles } from './stored-files.ts';
import { uploadToBucket } from './restore-bucket.ts';

const engineName = (engine: BackupEngine) => (engine === 'postgres' ? 'PostgreSQL' : 'SQLite');

/**
 * Brings a backup back, accepting only what the site itself could have written
 * (decisions 020 and 027): the archive is unpacked within bounds beside the storage folder, its
 * database checked against this site's migrations (SQLite's file, or PostgreSQL's dump), its
 * files' bytes against their names; only then are the database and the storage folder replaced
 * (or, for a site whose files are in a bucket, the files put into the bucket: ./restore-bucket.ts).
 * The previous ones are kept: SQLite's file and the storage folder beside them with a
 * `.before-restore-<time>` suffix, PostgreSQL's schemas renamed `<schema>_before_restore_<time>`.
 * Any refusal (a BackupError saying why) leaves the disk and the database as they were. The server
 * must be stopped. `dbFile` is the site's DATABASE_URL.
 */
export async function restoreBackup(
  file: string,
  target: { dbFile: string; storageDir: string; storageUrl?: string },
  limits: Partial<RestoreLimits> = {},
): Promise<{ keptDb: string | null; keptSchemas: string[]; keptStorage: string | null; uploaded?: number }> {
  const engine: BackupEngine = isPostgresUrl(target.dbFile) ? 'postgres' : 'sqlite';
  const storageDir = path.resolve(target.storageDir);
  // Beside the storage folder: the same disk, so the restored folder is moved into place rather
  // than copied, and nothing is unpacked into a /tmp that may live in memory.
  await fs.promises.mkdir(path.dirname(storageDir), { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(path.dirname(storageDir), '.restore-'));
  try {
    const unpacked = await unpackBackup(file, work, { ...defaultRestoreLimits, ...limits });
    if (unpacked.engine !== engine) {
      const move = unpacked.engine === 'sqlite' ? ' (restore it on an SQLite site, then move that site with npm run db:copy-to-postgres)' : '';
      throw new BackupError(`${file} was made on ${engineName(unpacked.engine)}; this site uses ${engineName(engine)}${move}.`);
    }
    const database = engine === 'postgres' ? unpacked.dump : unpacked.database;
    if (!database || (unpacked.database && unpacked.dump)) throw new BackupError(`${file} does not hold one ${engineName(engine)} database.`);
    const label = `The database in ${file}`;
    if (engine === 'postgres') await checkPostgresDump(database, await postgresReference(target.dbFile), label);
    else checkBackupDatabase(database, label);
    const [mistyped] = await mistypedFiles(unpacked.stored);
    if (mistyped) {
      const found = mistyped.found ? `a ${mistyped.found} file` : 'of no type the site stores';
      throw new BackupError(`${file} holds ${STORAGE}/${mistyped.item.relative}, whose bytes are ${found}, not the ${mistyped.item.ext} its name says.`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    let keptDb: string | null = null;
    let keptSchemas: string[] = [];
    if (engine === 'postgres') keptSchemas = await installPostgresDump(database, target.dbFile, stamp.replace(/\D/g, '').slice(0, 17));
    else {
      compactBackupDatabase(database, label);
      keptDb = await installSqliteFile(database, path.resolve(target.dbFile), stamp);
    }
    if (target.storageUrl)
      return { keptDb, keptSchemas, keptStorage: null, uploaded: await uploadToBucket(unpacked, target.dbFile, storageDir, target.storageUrl) };
    return { keptDb, keptSchemas, keptStorage: await installStorage(unpacked, storageDir, stamp) };
  } finally {
    // Retried: a refused archive's last entry may still be closing its file as the removal starts.
    await fs.promises.rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

async function installSqliteFile(database: string, dbFile: string, stamp: string): Promise<string | null> {
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
  return keptDb;
}

async function installStorage(unpacked: UnpackedArchive, storageDir: string, stamp: string): Promise<string | null> {
  let keptStorage: string | null = null;
  if (fs.existsSync(storageDir)) {
    keptStorage = `${storageDir}.before-restore-${stamp}`;
    await fs.promises.rename(storageDir, keptStorage);
  }
  await fs.promises.rename(unpacked.storage, storageDir);
  return keptStorage;
}
