// npm run backup -- FILE — one archive with a consistent copy of the database and the stored files (folder or bucket).
// Safe while the site runs.
import { createBackup } from '../backup/archive.ts';
import { cliDeps } from './context.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- backups/site-YYYY-MM-DD.tar.gz');
  process.exit(2);
}
const deps = await cliDeps();
try {
  const { bytes, skipped } = await createBackup({ db: deps.db, storage: deps.storage }, file);
  console.log(`Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  if (skipped.length) {
    // A restore would refuse them: names the site never makes, links, files whose bytes are not their type.
    console.log(`Left out of it, since the site never makes them (${skipped.length}): ${skipped.slice(0, 20).join(', ')}${skipped.length > 20 ? ', …' : ''}`);
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
