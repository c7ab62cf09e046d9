import fs from 'node:fs';
import path from 'node:path';
import { allVariantPaths } from '../../shared/image-variants.ts';
import { nameOnSide, type Storage, type Visibility } from './storage.ts';

/**
 * The modification and access time of every stored file and folder. The file system would keep
 * when each upload arrived to the nanosecond (and when a folder last changed), which on a seized
 * server lines up with network logs; what editors need is in the database, kept to the day.
 * (The inode's change and birth times cannot be set from here: see SECURITY.md.)
 */
export const FIXED_FILE_TIME = new Date('2000-01-01T00:00:00Z');

/** Sets the fixed time on a file or folder; one already gone is fine. */
export function fixTime(file: string): void {
  try {
    fs.utimesSync(file, FIXED_FILE_TIME, FIXED_FILE_TIME);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const isFixed = (stat: fs.Stats) => stat.mtimeMs === FIXED_FILE_TIME.getTime() && stat.atimeMs === FIXED_FILE_TIME.getTime();

/** Every file and folder under `dir` (and `dir`) whose times are not the fixed ones get them; answers how many. */
export async function fixTimesUnder(dir: string): Promise<number> {
  let fixed = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fixed += await fixTimesUnder(full);
    if (!entry.isDirectory() && !entry.isFile()) continue;
    if (isFixed(await fs.promises.stat(full))) continue;
    await fs.promises.utimes(full, FIXED_FILE_TIME, FIXED_FILE_TIME);
    fixed += 1;
  }
  return fixed;
}

/** Gives a folder (not what is in it) the fixed time; answers 1 when it changed. */
async function fixFolder(dir: string): Promise<number> {
  const stat = await fs.promises.stat(dir).catch(() => null);
  if (!stat || isFixed(stat)) return 0;
  fixTime(dir);
  return 1;
}

/** The scratch folder's own parts: files being received, and the media workers' job folders. */
export function prepareScratch(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A folder storage, with the places of its files for what works on the folder itself (backups, tests). */
export interface FolderStorage extends Storage {
  readonly kind: 'folder';
  root: string;
  privateRoot: string;
  /** The place of a stored path on one side, whether or not a file is there. */
  pathIn(side: Visibility, relativePath: string): string;
  /** Where the file of a stored path is now: its public copy, else its private one. */
  absolute(relativePath: string): string;
  /** The file on one side, or null when it is not there. */
  existing(relativePath: string, side: Visibility): string | null;
}

/** The folder STORAGE_DIR: `images/`, `videos/` public, `private/images/`, `private/videos/` private, `.incoming/` the scratch. */
export function createFolderStorage(dir: string): FolderStorage {
  const root = path.resolve(dir);
  const privateRoot = path.join(root, 'private');
  const scratch = path.join(root, '.incoming');
  const folders = ['images', 'videos', '.incoming', 'private', 'private/images', 'private/videos'];
  for (const sub of folders) fs.mkdirSync(path.join(root, sub), { recursive: true });
  const pathIn = (side: Visibility, relativePath: string) => path.join(root, nameOnSide(relativePath, side));
  const statOf = async (file: string) => fs.promises.stat(file).catch(() => null);
  const settleFolders = () => {
    for (const folder of ['.', ...folders]) fixTime(path.join(root, folder));
  };
  const settle = (relativePath: string) => {
    for (const name of [relativePath, ...allVariantPaths(relativePath)]) for (const side of ['public', 'private'] as const) fixTime(pathIn(side, name));
    settleFolders();
  };
  return {
    kind: 'folder',
    description: root,
    root,
    privateRoot,
    scratch,
    pathIn,
    absolute(relativePath) {
      const publicFile = pathIn('public', relativePath);
      return fs.existsSync(publicFile) ? publicFile : pathIn('private', relativePath);
    },
    existing(relativePath, side) {
      const file = pathIn(side, relativePath);
      return fs.existsSync(file) ? file : null;
    },
    async put(relativePath, side, localFile) {
      await fs.promises.rename(localFile, pathIn(side, relativePath));
      settle(relativePath);
    },
    async stat(relativePath, side) {
      const found = await statOf(pathIn(side, relativePath));
      return found?.isFile() ? { size: found.size } : null;
    },
    async read(relativePath, side, range) {
      const file = pathIn(side, relativePath);
      const handle = await fs.promises.open(file, 'r').catch(() => null);
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    // A handful of renames on one disk, made in one synchronous stretch: two moves of one file never interleave.
    async setVisibility(relativePath, side) {
      const other: Visibility = side === 'public' ? 'private' : 'public';
      // The main file last when publishing (a reader never finds it before its variants), first when hiding.
      const names = [...allVariantPaths(relativePath), relativePath];
      for (const name of side === 'public' ? names : names.reverse()) {
        try {
          fs.renameSync(pathIn(other, name), pathIn(side, name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      settle(relativePath);
    },
    async remove(relativePath, only) {
      const sides = only ? [only] : (['public', 'private'] as const);
      await Promise.all(sides.map((side) => fs.promises.rm(pathIn(side, relativePath), { force: true })));
      settleFolders();
    },
    async *list() {
      const walk = async function* (relative: string): AsyncGenerator<{ name: string; size: number }> {
        for (const entry of await fs.promises.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => [])) {
          const name = path.posix.join(relative, entry.name);
          if (name === '.incoming') continue;
          if (entry.isDirectory()) yield* walk(name);
          else yield { name, size: entry.isFile() ? (await fs.promises.stat(path.join(root, name))).size : -1 };
        }
      };
      yield* walk('');
    },
    async settleAllTimes() {
      return (await fixTimesUnder(root)) + (await fixFolder(root));
    },
    settleScratch: settleFolders,
  };
}
