import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { removeStaleUploads } from './store.ts';
import { storedNameOf, type Storage } from './storage.ts';

/** A stored path's stem, which its variants share: `images/<id>` of `images/<id>.jpg` and `images/<id>-w480.webp`. */
const stemOf = (storedPath: string) => storedPath.replace(/(-w\d+)?\.[a-z0-9]+$/, '');

export interface CleanupReport {
  /** Uploads no item claimed within their grace period (rows and files). */
  staleUploads: number;
  /** Stored files (variants included) of no upload row: left by a delete that failed half-way, or by hand. */
  orphans: string[];
  /** Names in the storage the site never makes: reported, never touched (someone put them there). */
  strays: string[];
}

/**
 * The housekeeping pass over the stored files (`npm run storage:clean`): removes uploads never
 * attached, then every stored file whose upload row is gone. Every file is written after its row
 * (uploads/store.ts), and the rows are read after the whole listing, so a file being stored right
 * now always has its row here. With `dryRun` nothing changes: the report says what would go.
 */
export async function cleanStorage(deps: { db: Db; storage: Storage }, options: { dryRun: boolean }): Promise<CleanupReport> {
  const staleUploads = options.dryRun ? await removeStaleUploads(deps, undefined, undefined, { dryRun: true }) : await removeStaleUploads(deps);
  const listed: { name: string; path: string; side: 'public' | 'private' }[] = [];
  const strays: string[] = [];
  for await (const { name, size } of deps.storage.list()) {
    const stored = size >= 0 ? storedNameOf(name) : null;
    if (stored) listed.push({ name, ...stored });
    else strays.push(name);
  }
  const known = new Set((await deps.db.select({ path: uploads.path }).from(uploads)).map((row) => stemOf(row.path)));
  const orphans = listed.filter((entry) => !known.has(stemOf(entry.path)));
  if (!options.dryRun) for (const orphan of orphans) await deps.storage.remove(orphan.path, orphan.side);
  return { staleUploads, orphans: orphans.map((orphan) => orphan.name), strays };
}
