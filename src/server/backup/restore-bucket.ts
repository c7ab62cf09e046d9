import { loadEngine, openDatabase } from '../db/client.ts';
import { createBucketStorage } from '../uploads/storage-bucket.ts';
import { parseStorageUrl } from '../uploads/storage-url.ts';
import { storedNameOf } from '../uploads/storage.ts';
import type { UnpackedArchive } from './read-archive.ts';

/**
 * Puts a restored backup's files into the site's bucket, after its database is in place: the
 * private ones are encrypted with the key that database keeps (the backup's own), and each file's
 * copy on the other side is removed, so a file the backup holds private is never left public. The
 * bucket's other objects stay (a bucket has no folder to set aside); whatever the restored
 * database does not name is removed by `npm run storage:clean`. Answers how many files it put.
 */
export async function uploadToBucket(unpacked: UnpackedArchive, dbUrl: string, storageDir: string, storageUrl: string): Promise<number> {
  await loadEngine(dbUrl);
  const db = openDatabase(dbUrl);
  try {
    const storage = createBucketStorage(parseStorageUrl(storageUrl), storageDir, db);
    let uploaded = 0;
    for (const { relative, file } of unpacked.stored) {
      const stored = storedNameOf(relative);
      if (!stored) continue;
      // Consumed: the unpacked folder is removed after the restore anyway.
      await storage.put(stored.path, stored.side, file);
      await storage.remove(stored.path, stored.side === 'public' ? 'private' : 'public');
      uploaded += 1;
    }
    return uploaded;
  } finally {
    await db.close();
  }
}
