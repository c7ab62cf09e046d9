import fs from 'node:fs';
import path from 'node:path';
import { allVariantPaths } from '../../shared/image-variants.ts';

export type Visibility = 'public' | 'private';

/**
 * The modification and access time of every stored file and folder. The file system would keep
 * when each upload arrived to the nanosecond (and when a folder last changed), which on a seized
 * server lines up with network logs; what editors need is in the database, kept to the day.
 * (The inode's change and birth times cannot be set from here: see SECURITY.md.)
 */
export const FIXED_FILE_TIME = new Date('2000-01-01T00:00:00Z');

/** Sets the fixed time on a file or folder; one already gone is fine. */
function fixTime(file: string): void {
  try {
    fs.utimesSync(file, FIXED_FILE_TIME, FIXED_FILE_TIME);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const isFixed = (stat: fs.Stats) => stat.mtimeMs === FIXED_FILE_TIME.getTime() && stat.atimeMs === FIXED_FILE_TIME.getTime();

/** Every file and folder under `dir` whose times are not the fixed ones get them; answers how many. */
async function fixTimesUnder(dir: string): Promise<number> {
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

/**
 * The folder of stored files, in two sides (docs/decisions/012): `images/`, `videos/` are public
 * and served to anyone under /storage/; `private/images/`, `private/videos/` hold every upload not
 * (yet) part of something published and are served only to signed-in editors. A stored path
 * (`images/<id>.jpg`, as the database and the API keep it) names the file on either side.
 */
export interface Storage {
  root: string;
  privateRoot: string;
  incoming: string;
  /** Where the file of a stored path is now: its public copy, else its private one (new files start private). */
  absolute(relativePath: string): string;
  /** The place of a stored path on one side, whether or not a file is there. */
  pathIn(side: Visibility, relativePath: string): string;
  /** The file on one side only, for serving: null when it is not there. */
  existing(relativePath: string, side: Visibility): string | null;
  /**
   * Moves a file and its variants to one side; a file already there (or gone) is left alone. A move
   * that follows a change to its item runs after that change commits (an afterCommit step, see
   * editorial/item-files.ts), so a rolled-back change moves nothing.
   */
  setVisibility(relativePath: string, side: Visibility): Promise<void>;
  /** Removes a file from both sides. */
  remove(relativePath: string): Promise<void>;
  /**
   * Gives the files of stored paths (both sides, with their variants) and every folder of the
   * storage the fixed time. Moves and removals here do it themselves; code that puts files in
   * (the upload store) or takes temporary ones out (the intake) calls it after.
   */
  settleTimes(relativePaths?: readonly string[]): void;
  /** The same for everything in the storage, at start: files restored from a backup, or stored by an earlier version. */
  settleAllTimes(): Promise<number>;
}

const storedPathPattern = /^(images|videos)\/[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/** Whether a path is one the server makes; nothing else (dotfiles, `..`, half-written files) is ever served or moved. */
export function isStoredPath(relativePath: string): boolean {
  return storedPathPattern.test(relativePath);
}

export function createStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const privateRoot = path.join(root, 'private');
  const incoming = path.join(root, '.incoming');
  const folders = ['images', 'videos', '.incoming', 'private', 'private/images', 'private/videos'];
  for (const sub of folders) fs.mkdirSync(path.join(root, sub), { recursive: true });
  const sideOf = (side: Visibility) => (side === 'public' ? root : privateRoot);
  const resolveIn = (side: Visibility, relativePath: string): string => {
    if (!isStoredPath(relativePath)) throw new Error(`Not a stored path: ${relativePath}`);
    return path.join(sideOf(side), relativePath);
  };
  const exists = (file: string) => fs.existsSync(file);
  const settleTimes = (relativePaths: readonly string[] = []) => {
    for (const relativePath of relativePaths) {
      for (const name of [relativePath, ...allVariantPaths(relativePath)]) for (const side of ['public', 'private'] as const) fixTime(resolveIn(side, name));
    }
    for (const folder of ['.', ...folders]) fixTime(path.join(root, folder));
  };
  // A handful of renames on one disk, made in one synchronous stretch: two moves of one file never interleave.
  const move = async (relativePath: string, side: Visibility) => {
    const other: Visibility = side === 'public' ? 'private' : 'public';
    // The main file last when publishing (a reader never finds it before its variants), first when hiding.
    const names = [...allVariantPaths(relativePath), relativePath];
    for (const name of side === 'public' ? names : names.reverse()) {
      try {
        fs.renameSync(resolveIn(other, name), resolveIn(side, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    settleTimes([relativePath]);
  };
  return {
    root,
    privateRoot,
    incoming,
    absolute(relativePath) {
      const publicFile = resolveIn('public', relativePath);
      return exists(publicFile) ? publicFile : resolveIn('private', relativePath);
    },
    pathIn: resolveIn,
    existing(relativePath, side) {
      if (!isStoredPath(relativePath)) return null;
      const file = resolveIn(side, relativePath);
      return exists(file) ? file : null;
    },
    setVisibility: move,
    async remove(relativePath) {
      await Promise.all((['public', 'private'] as const).map((side) => fs.promises.rm(resolveIn(side, relativePath), { force: true })));
      settleTimes();
    },
    settleTimes,
    async settleAllTimes() {
      const fixed = await fixTimesUnder(root);
      if (!isFixed(await fs.promises.stat(root))) {
        fixTime(root);
        return fixed + 1;
      }
      return fixed;
    },
  };
}
