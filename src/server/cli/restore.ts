// npm run restore -- FILE — brings a backup back. Stop the server first.
import { BackupError, restoreBackup, restoreLimitsFor } from '../backup/archive.ts';
import { EnvError, loadDotEnv, readEnv } from '../env.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- backups/site-YYYY-MM-DD.tar.gz   (stop the server first)');
  process.exit(2);
}
loadDotEnv();
try {
  const env = readEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const kept = await restoreBackup(file, { dbFile: env.DATABASE_URL, storageDir: env.STORAGE_DIR, storageUrl: env.STORAGE_URL }, restoreLimitsFor(env));
  console.log(`Restored ${file}.`);
  if (kept.keptDb) console.log(`The previous database is kept at ${kept.keptDb}.`);
  if (kept.keptSchemas.length) {
    const names = kept.keptSchemas.join(' and ');
    console.log(`The previous tables are kept in the schemas ${names}; once the site is checked, drop them (DROP SCHEMA … CASCADE) to free their space.`);
  }
  if (kept.keptStorage) console.log(`The previous storage folder is kept at ${kept.keptStorage}.`);
  if (kept.uploaded !== undefined) {
    console.log(`Put ${kept.uploaded} file(s) into the bucket. Objects the restored site does not use are still there: npm run storage:clean removes them.`);
  }
} catch (error) {
  if (error instanceof BackupError) console.error(`${error.message}\nNothing was changed.`);
  else console.error(error instanceof EnvError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
