import { and, count, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db, DbLike, Dialect } from '../db/client.ts';
import { writtenIn, type galleryItems, type legalItems, type posts } from '../db/schema.ts';
import type { Deps } from '../trpc/context.ts';
import { PUBLIC_STATUS } from '../publication/visibility.ts';
import { pageWindow } from './helpers.ts';
import { buildsOnce, idsValue, prepareQuery, preparedOnReader, type PreparableQuery } from '../db/prepared-reads.ts';
import { sqlListReads, windowIdsStatement } from './list-pages-sql.ts';
import { inOrderOf } from '../search/run.ts';

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

/** Where one page of a list lies: `limit` rows from `offset`, counted from the row at `from` (or the first). */
export interface PageWindow {
  list: ListQuery;
  limit: number;
  offset: number;
  from?: SortKey;
}

/**
 * Where one page of a list lies, and the list's total; no window for a page past the end, which
 * costs nothing more. The page's rows are then read by readByIds: with their ids in one statement on
 * PostgreSQL, after them on SQLite.
 */
export async function newestFirstWindow(
  deps: Pick<Deps, 'db' | 'cache'>,
  list: NewestFirst,
  input: { page: number; pageSize: number },
): Promise<{ window: PageWindow | null; total: number }> {
  const query: ListQuery = {
    table: list.table,
    filters: (list.filters ?? []).filter((filter): filter is readonly [SQLiteColumn, string] => filter[1] !== undefined),
    written: list.written,
  };
  const reads = listReadsOf(deps.db);
  // The content version moves only with public changes: a list that shows unpublished items (an
  // editor's list of drafts, or of every status) is counted afresh, or a draft saved after it was
  // read would stay out of it.
  const publicOnly = !('status' in query.table) || query.filters.some(([column, value]) => column.name === 'status' && value === PUBLIC_STATUS);
  const remember = <T>(key: string, compute: () => Promise<T>) => (publicOnly ? rememberPerVersion(deps, key, compute) : compute());
  const key = `${getTableName(query.table)}${query.filters.map(([column]) => ` ${column.name}`).join('')}${query.written ? ` +${query.written.name}` : ''}|${query.filters.map(([, value]) => value).join('|')}`;
  const total = await remember(key, () => reads.count(query));

  const { limit, offset } = pageWindow(input);
  if (offset >= total) return { window: null, total };
  const block = Math.floor(offset / ANCHOR_EVERY);
  if (block === 0) return { window: { list: query, limit, offset }, total };
  const anchor = await remember(`${key}|${block}`, () => reads.sortKeyAt(query, block * ANCHOR_EVERY));
  // Only a table changed behind the procedures' back (no new version) can leave no row there.
  if (!anchor) return { window: { list: query, limit, offset }, total };
  // Rows at or after the anchor in this order are exactly those whose (created_at, id) is not greater.
  return { window: { list: query, limit, offset: offset - block * ANCHOR_EVERY, from: anchor }, total };
}

const listReadsOf = (db: DbLike): ListReads => (buildsOnce(db) ? sqlListReads(db) : builderListReads(db));

/** Reads a page's rows, by its ids or by its window (readByIds). */
export type RowsReader<Row> = (db: Db, page: readonly number[] | PageWindow, values?: Record<string, unknown>) => Promise<Row[]>;

/**
 * One page of a list: a search's ids (its rows in the search's order), or the list's window, whose
 * ids and rows readByIds reads (in one statement on PostgreSQL).
 */
export async function pageOfList<Row extends { id: number }>(
  deps: Pick<Deps, 'db' | 'cache'>,
  list: NewestFirst,
  input: { page: number; pageSize: number },
  searched: { ids: number[]; total: number } | null,
  read: RowsReader<Row>,
  values?: Record<string, unknown>,
): Promise<{ rows: Row[]; total: number }> {
  if (searched) return { rows: searched.ids.length ? inOrderOf(searched.ids, await read(deps.db, searched.ids, values)) : [], total: searched.total };
  const { window, total } = await newestFirstWindow(deps, list, input);
  return { rows: window ? await read(deps.db, window, values) : [], total };
}

/**
 * A read of rows by the ids of a page, defined once: `define` builds it from a builder, the id
 * condition, the named values it needs (`value('length')`) and the engine's dialect. Outside a transaction it is built
 * once per database (prepared-reads.ts), the ids bound as one value (one statement serves any page
 * size), or, on PostgreSQL, for a list's window, the window's own id query as a subquery (one
 * statement per shape of list, its values bound): the page's ids and rows in one round trip. Inside
 * a transaction it is built for each read, the ids inline.
 */
export function readByIds<Row>(
  column: SQLiteColumn,
  define: (orm: DbLike, ids: SQL, value: (name: string) => unknown, dialect: Dialect) => PreparableQuery<Row>,
): RowsReader<Row> {
  // One key per shape of window (its statement's text): a few per list, never from a request.
  const windowKeys = new Map<string, object>();
  const read: RowsReader<Row> = async (db, page, values) => {
    const { dialect } = db;
    if (!isWindow(page)) {
      if (!page.length) return [];
      if (buildsOnce(db)) {
        const prepared = preparedOnReader(db, define, (orm, inIds) =>
          prepareQuery(
            db,
            define(orm, inIds(column), (name) => sql.placeholder(name), dialect),
          ),
        );
        return prepared({ ...values, ids: idsValue(db, page) });
      }
      return define(db, inArray(column, [...page]), (name) => values?.[name], dialect);
    }
    // On SQLite a statement is a call, not a round trip: the ids' own statement and the rows' by
    // ids cost less than the rows with their ids' query as a subquery (docs/benchmarks.md).
    if (!buildsOnce(db) || dialect === 'sqlite') return read(db, await listReadsOf(db).ids(page.list, page.limit, page.offset, page.from), values);
    const { text, values: bound } = windowIdsStatement(page);
    let key = windowKeys.get(text);
    if (!key) windowKeys.set(text, (key = {}));
    const prepared = preparedOnReader(db, key, (orm) =>
      prepareQuery(
        db,
        define(orm, sql`${column} IN (${withPlaceholders(text, bound.length)})`, (name) => sql.placeholder(name), dialect),
      ),
    );
    return prepared({ ...values, ...Object.fromEntries(bound.map((value, index) => [`window${index}`, value])) });
  };
  return read;
}

const isWindow = (page: readonly number[] | PageWindow): page is PageWindow => !Array.isArray(page);

/** A statement's `?`s as the named placeholders `window0`, `window1`, …, in order: one per value. */
function withPlaceholders(text: string, values: number): SQL {
  const pieces = text.split('?');
  // The text is the schema's names and `?`s alone (list-pages-sql.ts): anything else would shift the values.
  if (pieces.length - 1 !== values) throw new Error(`A list's statement has ${pieces.length - 1} placeholders for ${values} values.`);
  return sql.join(
    pieces.flatMap((piece, index) => (index < pieces.length - 1 ? [sql.raw(piece), sql.placeholder(`window${index}`)] : [sql.raw(piece)])),
    sql.raw(''),
  );
}
