// npm run storage:copy-to-bucket — copies the stored files of STORAGE_DIR into the bucket of
// STORAGE_URL (both set), then checks every copy by count and SHA-256. The folder is not changed:
// once the site runs on the bucket and is checked, the folder's images/, videos/ and private/ can go.
import { createFolderStorage } from '../uploads/storage-folder.ts';
import { copyFolderToBucket } from '../uploads/copy-to-bucket.ts';
import { cliDeps } from './context.ts';

const deps = await cliDeps();
try {
  if (deps.storage.kind !== 'bucket') {
    console.error('Set STORAGE_URL to the bucket to copy into (STORAGE_DIR names the folder to copy from).');
    process.exitCode = 2;
  } else {
    const folder = createFolderStorage(deps.env.STORAGE_DIR);
    const report = await copyFolderToBucket(folder, deps.storage);
    console.log(`Copied ${report.copied} file(s), ${(report.bytes / 1024 / 1024).toFixed(1)} MB, from ${folder.description} to ${deps.storage.description}.`);
    console.log(`Verified ${report.verified} of ${report.copied} by SHA-256.`);
    if (report.strays.length)
      console.log(`Not copied, since the site never makes such names (${report.strays.length}): ${report.strays.slice(0, 20).join(', ')}`);
    if (report.mismatched.length) {
      console.error(`These copies are missing or differ: ${report.mismatched.slice(0, 20).join(', ')}. Run the command again.`);
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error(`Copying failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await deps.db.close();
}
