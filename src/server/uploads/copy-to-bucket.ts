import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FolderStorage } from './storage-folder.ts';
import { storedNameOf, type Storage } from './storage.ts';

const sha256 = async (body: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

export interface CopyReport {
  copied: number;
  bytes: number;
  /** Files whose copy read back from the bucket has the source's SHA-256. */
  verified: number;
  /** Names whose copy is missing or differs. */
  mismatched: string[];
  /** Names in the folder the site never makes: not copied. */
  strays: string[];
}

/**
 * Copies a site's stored files from its folder into a bucket, each on its side (private ones
 * encrypted as the bucket storage keeps them), then reads every copy back through the bucket
 * storage and compares its SHA-256 with the original's. The folder is not changed. Run again, it
 * copies everything again (a file is never half there: each is one PUT).
 */
export async function copyFolderToBucket(folder: FolderStorage, bucket: Storage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, bytes: 0, verified: 0, mismatched: [], strays: [] };
  const copied: { name: string; path: string; side: 'public' | 'private'; hash: string }[] = [];
  for await (const { name, size } of folder.list()) {
    const stored = size >= 0 ? storedNameOf(name) : null;
    if (!stored) {
      report.strays.push(name);
      continue;
    }
    const source = path.join(folder.root, name);
    const temp = path.join(bucket.scratch, `copy-${randomBytes(8).toString('hex')}`);
    await fs.promises.copyFile(source, temp);
    await bucket.put(stored.path, stored.side, temp);
    // A copy made before the file changed sides must not stay on its former side.
    await bucket.remove(stored.path, stored.side === 'public' ? 'private' : 'public');
    copied.push({ name, ...stored, hash: await sha256(fs.createReadStream(source)) });
    report.copied += 1;
    report.bytes += size;
  }
  bucket.settleScratch();
  for (const file of copied) {
    const back = await bucket.read(file.path, file.side);
    if (back && (await sha256(back)) === file.hash) report.verified += 1;
    else report.mismatched.push(file.name);
  }
  return report;
}
