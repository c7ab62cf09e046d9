import fs from 'node:fs';
import path from 'node:path';

/** The folder of stored files. Paths given out are relative to it, with forward slashes. */
export interface Storage {
  root: string;
  incoming: string;
  absolute(relativePath: string): string;
  remove(relativePath: string): Promise<void>;
}

export function createStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const incoming = path.join(root, '.incoming');
  for (const sub of ['images', 'videos', '.incoming']) fs.mkdirSync(path.join(root, sub), { recursive: true });
  const absolute = (relativePath: string) => {
    const resolved = path.resolve(root, relativePath);
    if (!resolved.startsWith(root + path.sep)) throw new Error(`Path escapes the storage folder: ${relativePath}`);
    return resolved;
  };
  return {
    root,
    incoming,
    absolute,
    async remove(relativePath) {
      await fs.promises.rm(absolute(relativePath), { force: true });
    },
  };
}
