import { and, count, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db, DbLike } from '../db/client.ts';
import { writtenIn, type galleryItems, type legalItems, type posts } from '../db/schema.ts';
import type { Deps } from '../trpc/context.ts';
import { PUBLIC_STATUS } from '../publication/visibility.ts';
import { pageWindow } from './helpers.ts';
import { buildsOnce, idsValue, prepareQuery, preparedOnReader, type PreparableQuery } from '../db/prepared-reads.ts';
import { sqlListReads } from './list-pages-sql.ts';

/**
 * A public list, newest first: a table read in (created_at DESC, id DESC) order through an index
 * on (its equality filters…, created_at, id). Filter values are bound.
 */
export interface NewestFirst {
  table: typeof posts | typeof galleryItems | typeof legalItems;
  filters?: readonly (readonly [column: SQLiteColumn, value: string | undefined])[];
  /** Only rows where this text column is not empty: an item's title in the reader's language. */
  written?: SQLiteColumn;
}

/** A list with only the filters that are set. */
export interface ListQuery {
  table: NewestFirst['table'];
  filters: readonly (readonly [column: SQLiteColumn, value: string])[];
  written?: SQLiteColumn;
}

/** Where a row stands in newest-first order. */
export type SortKey = readonly [createdAt: number, id: number];

/** The three reads a page of a list is made of; `from`: only rows at or after this sort key. */
export interface ListReads {
  count(list: ListQuery): Promise<number>;
  ids(list: ListQuery, limit: number, offset: number, from?: SortKey): Promise<number[]>;
  sortKeyAt(list: ListQuery, position: number): Promise<SortKey | undefined>;
}

/** The same reads written on the query builder, for reads inside a transaction. */
function builderListReads(db: DbLike): ListReads {
  const whereOf = ({ table, filters, written }: ListQuery, from?: SortKey) =>
    and(
      ...filters.map(([column, value]) => eq(column, value)),
      written ? writtenIn(written) : undefined,
      from ? sql`(${table.createdAt}, ${table.id}) <= (${from[0]}, ${from[1]})` : undefined,
    );
  return {
    async count(list) {
      const [row] = await db.select({ value: count() }).from(list.table).where(whereOf(list));
      return row?.value ?? 0;
    },
    async ids(list, limit, offset, from) {
      const rows = await db
        .select({ id: list.table.id })
        .from(list.table)
        .where(whereOf(list, from))
        .orderBy(desc(list.table.createdAt), desc(list.table.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => row.id);
    },
    async sortKeyAt(list, position) {
      // The stored number, not a Date: it is bound back as it is.
      const [row] = await db
        .select({ createdAt: sql<number>`${list.table.createdAt}`, id: list.table.id })
        .from(list.table)
        .where(whereOf(list))
        .orderBy(desc(list.table.createdAt), desc(list.table.id))
        .limit(1)
        .offset(position);
      return row ? [Number(row.createdAt), row.id] : undefined;
    },
  };
}

/** A page deeper than this starts from a remembered row, so no read steps over more index entries. */
const ANCHOR_EVERY = 256;

/**
 * Totals and page anchors are worked out once per content version (src/server/cache/), so a read
 * no longer counts the whole list, and a deep page no longer walks every entry before it.
 */
function rememberPerVersion<T>(deps: Pick<Deps, 'cache'>, key: string, compute: () => Promise<T>): Promise<T> {
  return deps.cache.rememberAsync(key, compute);
}

/**
 * The ids of one page (the rows are then read by id: a deferred join, so skipped rows are never
 * read) and the list's total. Ids come from the index alone; a page past the end costs nothing.
 */
export async function newestFirstPage(
  deps: Pick<Deps, 'db' | 'cache'>,
  list: NewestFirst,
  input: { page: number; pageSize: number },
): Promise<{ ids: number[]; total: number }> {
  const query: ListQuery = {
    table: list.table,
    filters: (list.filters ?? []).filter((filter): filter is readonly [SQLiteColumn, string] => filter[1] !== undefined),
    written: list.written,
  };
  const reads = buildsOnce(deps.db) ? sqlListReads(deps.db) : builderListReads(deps.db);
  // The content version moves only with public changes: a list that shows unpublished items (an
  // editor's list of drafts, or of every status) is counted afresh, or a draft saved after it was
  // read would stay out of it.
  const publicOnly = !('status' in query.table) || query.filters.some(([column, value]) => column.name === 'status' && value === PUBLIC_STATUS);
  const remember = <T>(key: string, compute: () => Promise<T>) => (publicOnly ? rememberPerVersion(deps, key, compute) : compute());
  const key = `${getTableName(query.table)}${query.filters.map(([column]) => ` ${column.name}`).join('')}${query.written ? ` +${query.written.name}` : ''}|${query.filters.map(([, value]) => value).join('|')}`;
  const total = await remember(key, () => reads.count(query));

  const { limit, offset } = pageWindow(input);
  if (offset >= total) return { ids: [], total };
  const block = Math.floor(offset / ANCHOR_EVERY);
  if (block === 0) return { ids: await reads.ids(query, limit, offset), total };
  const anchor = await remember(`${key}|${block}`, () => reads.sortKeyAt(query, block * ANCHOR_EVERY));
  // Only a table changed behind the procedures' back (no new version) can leave no row there.
  if (!anchor) return { ids: await reads.ids(query, limit, offset), total };
  // Rows at or after the anchor in this order are exactly those whose (created_at, id) is not greater.
  return { ids: await reads.ids(query, limit, offset - block * ANCHOR_EVERY, anchor), total };
}

/**
 * A read of rows by the ids of a page, defined once: `define` builds it from a builder, the id
 * condition and the named values it needs (`value('length')`). Outside a transaction it is built
 * once per database (prepared-reads.ts), the ids bound as one value (one statement serves any page
 * size); inside one it is built for each read, the ids inline.
 */
export function readByIds<Row>(
  column: SQLiteColumn,
  define: (orm: DbLike, ids: SQL, value: (name: string) => unknown) => PreparableQuery<Row>,
): (db: Db, ids: readonly number[], values?: Record<string, unknown>) => Promise<Row[]> {
  return async (db, ids, values) => {
    if (!ids.length) return [];
    if (buildsOnce(db)) {
      const prepared = preparedOnReader(db, define, (orm, inIds) =>
        prepareQuery(
          db,
          define(orm, inIds(column), (name) => sql.placeholder(name)),
        ),
      );
      return prepared({ ...values, ids: idsValue(db, ids) });
    }
    return define(db, inArray(column, [...ids]), (name) => values?.[name]);
  };
}
