// npm run storage:clean [-- --dry-run] — removes uploads never attached and stored files nothing
// references, from the folder or the bucket. Safe while the site runs. --dry-run only reports.
import { cleanStorage } from '../uploads/orphans.ts';
import { cliDeps } from './context.ts';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--dry-run');
if (unknown.length) {
  console.error('Usage: npm run storage:clean [-- --dry-run]');
  process.exit(2);
}
const dryRun = args.includes('--dry-run');
const deps = await cliDeps();
try {
  const report = await cleanStorage(deps, { dryRun });
  const verb = dryRun ? 'Would remove' : 'Removed';
  console.log(
    `${verb} ${report.staleUploads} upload(s) never attached, and ${report.orphans.length} stored file(s) nothing references, in ${deps.storage.description}.`,
  );
  for (const name of report.orphans.slice(0, 50)) console.log(`  ${name}`);
  if (report.orphans.length > 50) console.log(`  … and ${report.orphans.length - 50} more`);
  if (report.strays.length) {
    console.log(
      `Left alone, since the site never makes such names (${report.strays.length}): ${report.strays.slice(0, 20).join(', ')}${report.strays.length > 20 ? ', …' : ''}`,
    );
  }
} catch (error) {
  console.error(`Cleaning the storage failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
