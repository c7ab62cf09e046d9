import { and, eq, inArray, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db, DbLike } from '../db/client.ts';
import { contactMessages, galleryItems, legalItems, posts, revisions, stories, uploads } from '../db/schema.ts';
import { publicCondition } from '../publication/visibility.ts';
import type { Storage } from '../uploads/storage.ts';
import { afterCommit } from '../db/transaction-scope.ts';
import { oneNodeAtATime } from '../db/site-jobs.ts';
import { deleteFiles } from '../uploads/store.ts';

/**
 * Where stored files live (docs/decisions/012, 016): a file is on the public side exactly while
 * something visitors can see shows it (a published item's cover or body picture, a gallery item,
 * a published story), on the private side while only drafts, scheduled or withdrawn items,
 * revisions, pending stories or messages use it, and deleted once nothing uses it at all, except a
 * picture of the library (docs/decisions/035): that one stays, private, until an editor removes it.
 */

/** An item whose files are settled: a news item, article or report (posts), or a legal-awareness item. */
export type FileOwner = { postId: number; legalId?: undefined } | { legalId: number; postId?: undefined };

/** Stored paths of the pictures named in stored JSON text (a body or a revision's snapshot). */
export function picturesIn(text: string | null | undefined): string[] {
  return [...(text ?? '').matchAll(/"(images\/[a-z0-9]+\.[a-z0-9]+)"/g)].map((match) => match[1]!);
}

/** The stored files an item shows now: its cover (or legal media) and the pictures of both bodies. */
export function shownFiles(cover: string | null, bodies: { bodyEn: string | null; bodyFa: string | null }): string[] {
  return [...(cover ? [cover] : []), ...picturesIn(bodies.bodyEn), ...picturesIn(bodies.bodyFa)];
}

/** Every file an item refers to: what it shows now and the pictures of each of its revisions. */
export async function filesOfItem(db: DbLike, owner: FileOwner): Promise<string[]> {
  const [row] = owner.postId
    ? await db.select({ cover: posts.image, bodyEn: posts.bodyEn, bodyFa: posts.bodyFa }).from(posts).where(eq(posts.id, owner.postId)).limit(1)
    : await db
        .select({ cover: legalItems.media, bodyEn: legalItems.bodyEn, bodyFa: legalItems.bodyFa })
        .from(legalItems)
        .where(eq(legalItems.id, owner.legalId!))
        .limit(1);
  const snapshots = await db
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(owner.postId ? eq(revisions.postId, owner.postId) : eq(revisions.legalId, owner.legalId!));
  return [...new Set([...(row ? shownFiles(row.cover, row) : []), ...snapshots.flatMap((revision) => picturesIn(revision.snapshot))])];
}

/** Queries "shows this file", one per table; `onlyPublic` keeps to what visitors can see. Each answers a row or none. */
function usesOf(path: string, onlyPublic: boolean): ((db: DbLike) => Promise<unknown[]>)[] {
  const quoted = `%"${path}"%`;
  const where = (condition: SQL | undefined, publicOnly: SQL | undefined) => (onlyPublic ? and(publicOnly, condition) : condition);
  const all = [
    (db: DbLike) =>
      db
        .select({ id: posts.id })
        .from(posts)
        .where(where(or(eq(posts.image, path), like(posts.bodyEn, quoted), like(posts.bodyFa, quoted)), publicCondition(posts.status)))
        .limit(1),
    (db: DbLike) =>
      db
        .select({ id: legalItems.id })
        .from(legalItems)
        .where(where(or(eq(legalItems.media, path), like(legalItems.bodyEn, quoted), like(legalItems.bodyFa, quoted)), publicCondition(legalItems.status)))
        .limit(1),
    (db: DbLike) => db.select({ id: galleryItems.id }).from(galleryItems).where(eq(galleryItems.image, path)).limit(1),
    (db: DbLike) =>
      db
        .select({ id: stories.id })
        .from(stories)
        .where(where(eq(stories.media, path), eq(stories.status, 'published')))
        .limit(1),
  ];
  const privateOnly = [
    (db: DbLike) => db.select({ id: revisions.id }).from(revisions).where(like(revisions.snapshot, quoted)).limit(1),
    (db: DbLike) => db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.image, path)).limit(1),
  ];
  return onlyPublic ? all : [...all, ...privateOnly];
}

/** Whether any of these queries finds a row; asked one after the other, stopping at the first that does. */
async function anyFound(db: DbLike, queries: ((db: DbLike) => Promise<unknown[]>)[]): Promise<boolean> {
  for (const found of queries) if ((await found(db)).length) return true;
  return false;
}

/** Whether something visitors can see shows the file. */
export function isShownPublicly(db: DbLike, path: string): Promise<boolean> {
  return anyFound(db, usesOf(path, true));
}

/** Whether anything at all (public or not, revisions and messages included) still uses the file. */
export function isUsed(db: DbLike, path: string): Promise<boolean> {
  return anyFound(db, usesOf(path, false));
}

/**
 * The same uses as usesOf (every one, public or not), as the columns that hold a file's path and the
 * texts that name it: for asking about many files in one pass over each table.
 */
function fileHolders(): { table: SQLiteTable; equals: AnyColumn[]; contains: AnyColumn[] }[] {
  return [
    { table: posts, equals: [posts.image], contains: [posts.bodyEn, posts.bodyFa] },
    { table: legalItems, equals: [legalItems.media], contains: [legalItems.bodyEn, legalItems.bodyFa] },
    { table: galleryItems, equals: [galleryItems.image], contains: [] },
    { table: stories, equals: [stories.media], contains: [] },
    { table: revisions, equals: [], contains: [revisions.snapshot] },
    { table: contactMessages, equals: [contactMessages.image], contains: [] },
  ];
}

/**
 * Which of these files anything uses (isUsed for each), asked with one scan of each table for all
 * of them (a page of the picture library), instead of one per file and table.
 */
export async function usedAmong(db: DbLike, paths: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(paths)];
  const used = new Set<string>();
  for (const { table, equals, contains } of fileHolders()) {
    const open = unique.filter((path) => !used.has(path));
    if (!open.length) break;
    const flags = Object.fromEntries(
      open.map((path, index) => {
        const quoted = `%"${path}"%`;
        const tests = [...equals.map((held) => sql`${held} = ${path}`), ...contains.map((text) => sql`${text} LIKE ${quoted}`)];
        return [`u${index}`, sql<number | null>`max(CASE WHEN ${sql.join(tests, sql` OR `)} THEN 1 ELSE 0 END)`];
      }),
    );
    const [row] = (await db.select(flags).from(table)) as Record<string, number | string | null>[];
    open.forEach((path, index) => {
      if (Number(row?.[`u${index}`] ?? 0) === 1) used.add(path);
    });
  }
  return used;
}

/** Whether a file is a picture of the library, which is kept when nothing uses it. */
async function inLibrary(db: DbLike, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.path, path), eq(uploads.inLibrary, 1)))
    .limit(1);
  return Boolean(row);
}

/** Every stored file visitors can see, read in one pass (for the check at start). */
export async function publicFiles(db: DbLike): Promise<Set<string>> {
  const found = new Set<string>();
  const add = (paths: (string | null)[]) => paths.forEach((path) => path && found.add(path));
  for (const row of await db.select({ cover: posts.image, bodyEn: posts.bodyEn, bodyFa: posts.bodyFa }).from(posts).where(publicCondition(posts.status)))
    add(shownFiles(row.cover, row));
  for (const row of await db
    .select({ cover: legalItems.media, bodyEn: legalItems.bodyEn, bodyFa: legalItems.bodyFa })
    .from(legalItems)
    .where(publicCondition(legalItems.status)))
    add(shownFiles(row.cover, row));
  add((await db.select({ path: galleryItems.image }).from(galleryItems)).map((row) => row.path));
  add((await db.select({ path: stories.media }).from(stories).where(eq(stories.status, 'published'))).map((row) => row.path));
  return found;
}

/** This process's placements, one at a time (each holds at most two connections on PostgreSQL). */
let placing: Promise<unknown> = Promise.resolve();

/**
 * Moves each file (with its variants) to the side its items call for as they are now, read after
 * the changes that moved it have committed, under a lock on the file that every node's placements
 * take: two changes' moves that run in the other order than their commits (two nodes, or a node's
 * check at start racing an editor) still leave the file where the last commit says, and a
 * withdrawn item's file is never made public again by a move decided before its withdrawal. A
 * file nothing uses any more is left to the step that deletes it; a library picture nothing uses
 * goes to the private side, where it waits to be used again.
 */
export function placeFiles(deps: { db: Db; storage: Storage }, paths: readonly (string | null | undefined)[]): Promise<void> {
  const unique = [...new Set(paths.filter((p): p is string => Boolean(p)))];
  const run = placing.then(async () => {
    for (const path of unique) {
      await oneNodeAtATime(deps.db, `file:${path}`, 'wait', async () => {
        if (!(await isUsed(deps.db, path))) {
          if (await inLibrary(deps.db, path)) await deps.storage.setVisibility(path, 'private');
          return;
        }
        await deps.storage.setVisibility(path, (await isShownPublicly(deps.db, path)) ? 'public' : 'private');
      });
    }
  });
  placing = run.catch(() => undefined);
  return run;
}

/**
 * Puts each of these files where its use calls for: public when something visitors see shows it,
 * private when only unpublished things use it, deleted (with its upload row) when nothing uses it
 * any more, unless it is a picture of the library, which goes private and stays. Call it inside the transaction that changed their items (a transaction of its own is
 * opened otherwise): what each file needs is decided on the state being committed, an unused
 * file's upload row goes in the same commit, and the files are moved (placeFiles, which reads
 * their side again then) or deleted right after the commit (afterCommit), never for a change that
 * rolled back. A reader may see the change a moment
 * before its files follow; a crash in between is repaired at start (src/server/uploads/visibility.ts).
 * Returns the paths deleted.
 */
export async function settleFiles(deps: { db: Db; storage: Storage }, paths: readonly (string | null | undefined)[]): Promise<string[]> {
  const unique = [...new Set(paths.filter((p): p is string => Boolean(p)))];
  return deps.db.transaction(async (tx) => {
    const unused: string[] = [];
    for (const path of unique) {
      if (!(await isUsed(tx, path)) && !(await inLibrary(tx, path))) {
        unused.push(path);
        continue;
      }
      await afterCommit(() => placeFiles(deps, [path]));
    }
    if (unused.length) {
      await tx.delete(uploads).where(inArray(uploads.path, unused));
      await afterCommit(() => deleteFiles(deps.storage, unused));
    }
    return unused;
  });
}
