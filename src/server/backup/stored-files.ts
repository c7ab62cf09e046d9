import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sniffFile } from '../uploads/sniff.ts';
import { storedNameOf, type Storage } from '../uploads/storage.ts';
import { archiveEntryOf, PLACEHOLDER, STORAGE } from './format.ts';

const AT_ONCE = 16;

/** The files among `files` whose bytes are not the type their name says (sniffed as uploads are, a few at a time). */
export async function mistypedFiles<T extends { file: string; ext: string }>(files: readonly T[]): Promise<{ item: T; found: string | null }[]> {
  const mistyped: { item: T; found: string | null }[] = [];
  for (let start = 0; start < files.length; start += AT_ONCE) {
    const batch = files.slice(start, start + AT_ONCE);
    const types = await Promise.all(batch.map((item) => sniffFile(item.file)));
    batch.forEach((item, i) => {
      if (types[i]?.ext !== item.ext) mistyped.push({ item, found: types[i]?.ext ?? null });
    });
  }
  return mistyped;
}

const readdir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []);

/**
 * What of a storage folder goes into a backup: the regular files under names the site makes whose
 * bytes are their type, by their archive name (`storage/images/<id>.png`); and, for the person
 * making it, what is left out (a page or script put there by hand, a link, a stray name). The work
 * folder of uploads being received and the checkout's placeholder are left out silently.
 */
export async function storageToBackUp(root: string): Promise<{ keep: Set<string>; skipped: string[] }> {
  const skipped: string[] = [];
  const candidates: { file: string; ext: string; name: string }[] = [];
  const walk = (relative: string) => {
    for (const dirent of readdir(path.join(root, relative))) {
      const name = path.posix.join(relative, dirent.name);
      const entry = archiveEntryOf(`${STORAGE}/${name}${dirent.isDirectory() ? '/' : ''}`);
      if (name === '.incoming' || name === PLACEHOLDER) continue;
      if (dirent.isDirectory() && entry?.kind === 'folder') walk(name);
      else if (dirent.isFile() && entry?.kind === 'stored') candidates.push({ file: path.join(root, name), ext: entry.type.ext, name });
      else skipped.push(name);
    }
  };
  walk('');
  const mistyped = new Set((await mistypedFiles(candidates)).map(({ item }) => item.name));
  skipped.push(...mistyped);
  return { keep: new Set(candidates.filter((c) => !mistyped.has(c.name)).map((c) => `${STORAGE}/${c.name}`)), skipped };
}

/**
 * Fetches a bucket's stored files (the private ones decrypted) into `<work>/storage`, for the
 * archive: the same folder a folder storage would give. Names the site never makes stay in the
 * bucket and are reported.
 */
export async function downloadStorage(storage: Storage, work: string): Promise<{ root: string; strays: string[] }> {
  const root = path.join(work, STORAGE);
  const strays: string[] = [];
  for await (const { name } of storage.list()) {
    const stored = storedNameOf(name);
    if (!stored) {
      strays.push(name);
      continue;
    }
    const body = await storage.read(stored.path, stored.side);
    // Deleted since the list was read: it waits for no backup.
    if (!body) continue;
    const target = path.join(root, name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(body, fs.createWriteStream(target, { mode: 0o600 }));
  }
  return { root, strays };
}
