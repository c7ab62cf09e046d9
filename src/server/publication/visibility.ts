import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export type PublicationStatus = 'draft' | 'scheduled' | 'published';

/**
 * THE rule of what visitors may see, for every page, list, count, feed, sitemap, share tag, API
 * answer and search: an item is public exactly when its status is `published`. A scheduled item
 * is not public until the scheduler (./scheduler.ts) turns it `published` at its time, in one
 * transaction, and tells the caches right after the commit, once its pictures are public.
 */
export function isPublic(item: { status: PublicationStatus }): boolean {
  return item.status === 'published';
}

/** The same rule as a SQL condition on a table's status column. */
export function publicCondition(status: SQLiteColumn): SQL {
  return sql`${status} = 'published'`;
}

/** For queries written as SQL text: `WHERE <column> = ?` with this value. */
export const PUBLIC_STATUS = 'published' satisfies PublicationStatus;
