import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { placeFiles, publicFiles } from '../editorial/item-files.ts';
import { nameOnSide, type Storage } from './storage.ts';

/**
 * Puts every stored file on the side its item calls for, at start: files stored before the
 * private side existed (a pending story's photo, a contact message's attachment, an unattached
 * upload) leave the public folder, and a move that a crash kept from following its commit (an
 * after-commit step, docs/decisions/023) is made. The rule is the one every save follows
 * (src/server/editorial/item-files.ts): public exactly while something visitors see shows the
 * file, a published item's body pictures included.
 */
export async function reconcileVisibility(deps: { db: Db; storage: Storage }): Promise<number> {
  const visible = await publicFiles(deps.db);
  // One listing of the storage (a bucket answers a thousand names a request), not a look per file.
  const present = new Set<string>();
  for await (const { name } of deps.storage.list()) present.add(name);
  let moved = 0;
  for (const { path } of await deps.db.select({ path: uploads.path }).from(uploads)) {
    const side = visible.has(path) ? 'public' : 'private';
    if (present.has(nameOnSide(path, side))) continue;
    // The read above is a moment old: the move reads the file's side again, under its lock.
    await placeFiles(deps, [path]);
    moved += 1;
  }
  return moved;
}
