import type { Statement } from 'better-sqlite3';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Deps } from '../trpc/context.ts';
import { pageWindow } from './helpers.ts';

/**
 * A public list, newest first: a table read in (created_at DESC, id DESC) order through an index
 * on (its equality filters…, created_at, id). Table and column names come from code, never from a
 * request; filter values are bound.
 */
interface NewestFirst {
  table: 'posts' | 'gallery_items' | 'legal_items';
  filters?: readonly (readonly [column: string, value: string | undefined])[];
}

/** One value of each memoised kind: a total, or the sort key of a row at a known position. */
type Remembered = number | readonly [createdAt: number, id: number];

const statements = new WeakMap<Db, Map<string, Statement>>();

/** A page deeper than this starts from a remembered row, so no read steps over more index entries. */
const ANCHOR_EVERY = 256;

/**
 * Totals and page anchors are worked out once per content version (src/server/cache/), so a read
 * no longer counts the whole list, and a deep page no longer walks every entry before it.
 */
function remember<T extends Remembered | undefined>(deps: Pick<Deps, 'cache'>, key: string, compute: () => T): T {
  return deps.cache.remember(key, compute);
}

function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.$client.prepare(sql)));
  return statement;
}

/**
 * The ids of one page (the rows are then read by id: a deferred join, so skipped rows are never
 * read) and the list's total. Ids come from the index alone; a page past the end costs nothing.
 */
export function newestFirstPage(
  deps: Pick<Deps, 'db' | 'cache'>,
  list: NewestFirst,
  input: { page: number; pageSize: number },
): { ids: number[]; total: number } {
  const active = (list.filters ?? []).filter((filter): filter is readonly [string, string] => filter[1] !== undefined);
  const values = active.map(([, value]) => value);
  const where = active.length ? ` WHERE ${active.map(([column]) => `${column} = ?`).join(' AND ')}` : '';
  const key = `${list.table}${where}|${values.join('|')}`;
  const total = remember(
    deps,
    key,
    () =>
      prepared(deps.db, `SELECT count(*) FROM ${list.table}${where}`)
        .pluck()
        .get(...values) as number,
  );

  const { limit, offset } = pageWindow(input);
  if (offset >= total) return { ids: [], total };
  const order = ' ORDER BY created_at DESC, id DESC';
  const block = Math.floor(offset / ANCHOR_EVERY);
  const plain = () =>
    prepared(deps.db, `SELECT id FROM ${list.table}${where}${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...values, limit, offset) as number[];
  if (block === 0) return { ids: plain(), total };
  const anchor = remember(
    deps,
    `${key}|${block}`,
    () =>
      prepared(deps.db, `SELECT created_at, id FROM ${list.table}${where}${order} LIMIT 1 OFFSET ?`)
        .raw()
        .get(...values, block * ANCHOR_EVERY) as [number, number] | undefined,
  );
  // Only a table changed behind the procedures' back (no new version) can leave no row there.
  if (!anchor) return { ids: plain(), total };
  // Rows at or after the anchor in this order are exactly those whose (created_at, id) is not greater.
  const from = `${where ? `${where} AND` : ' WHERE'} (created_at, id) <= (?, ?)`;
  const ids = prepared(deps.db, `SELECT id FROM ${list.table}${from}${order} LIMIT ? OFFSET ?`)
    .pluck()
    .all(...values, ...anchor, limit, offset - block * ANCHOR_EVERY) as number[];
  return { ids, total };
}

/** Builds something (a prepared query) once per database. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/** `column IN (the ids)`, the ids bound as one JSON array: a query prepared once serves any page size. */
export function inIds(column: AnyColumn): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
}
