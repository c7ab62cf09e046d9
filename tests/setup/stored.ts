import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FolderStorage } from '../../src/server/uploads/storage-folder.ts';
import type { Storage, Visibility } from '../../src/server/uploads/storage.ts';

/** The folder storage of a test about the folder itself (file times, backups' folders); such a test never runs on a bucket. */
export function folderOf(storage: Storage): FolderStorage {
  if (storage.kind !== 'folder') throw new Error('This test works on the storage folder itself.');
  return storage as FolderStorage;
}

/** The bytes of a stored file on one side, or null; either storage. */
export async function storedBytes(storage: Storage, relativePath: string, side: Visibility): Promise<Buffer | null> {
  const body = await storage.read(relativePath, side);
  return body ? Buffer.concat((await body.toArray()) as Buffer[]) : null;
}

/** The side a stored file is on (public first, as the site serves it), or null when it is on neither. */
export async function storedSide(storage: Storage, relativePath: string): Promise<Visibility | null> {
  if (await storage.stat(relativePath, 'public')) return 'public';
  return (await storage.stat(relativePath, 'private')) ? 'private' : null;
}

/** The bytes of a stored file wherever it is (public first); fails the test when it is nowhere. */
export async function storedFile(storage: Storage, relativePath: string): Promise<Buffer> {
  const side = await storedSide(storage, relativePath);
  const bytes = side ? await storedBytes(storage, relativePath, side) : null;
  if (!bytes) throw new Error(`${relativePath} is not stored`);
  return bytes;
}

/** A local copy of a stored file for tools that read files (exiftool, ffprobe): the bucket's decrypted. Removed with the OS's temp folder. */
export async function localCopyOf(storage: Storage, relativePath: string): Promise<string> {
  if (storage.kind === 'folder') return (storage as FolderStorage).absolute(relativePath);
  const file = path.join(os.tmpdir(), `stored-${randomBytes(6).toString('hex')}${path.extname(relativePath)}`);
  await fs.promises.writeFile(file, await storedFile(storage, relativePath));
  return file;
}

/** Every name in the storage (`images/<id>.jpg`, `private/images/<id>.jpg`), sorted; either storage. */
export async function listedNames(storage: Storage): Promise<string[]> {
  const names: string[] = [];
  for await (const { name } of storage.list()) names.push(name);
  return names.sort();
}

/** Whether a stored file is on either side. */
export async function isStored(storage: Storage, relativePath: string): Promise<boolean> {
  return (await storedSide(storage, relativePath)) !== null;
}

/** Every stored file by its name in the storage (`private/images/<id>.jpg`), with the SHA-256 of its bytes; either storage. */
export async function storedHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of await listedNames(storage)) {
    const side: Visibility = name.startsWith('private/') ? 'private' : 'public';
    const bytes = await storedBytes(storage, name.replace(/^private\//, ''), side);
    if (bytes) hashes[name] = createHash('sha256').update(bytes).digest('hex');
  }
  return hashes;
}
