import type { Statement } from 'better-sqlite3';
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteOf, type Db, type Orm } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { openTransactionOf } from '../db/transaction-scope.ts';
import type { ListQuery, ListReads, SortKey } from './list-pages.ts';

/*
 * The public lists' reads on SQLite (a hot path): statements prepared once per database on its
 * reader connection, which sees the last commit. Used outside transactions only; inside one, the
 * builder's reads (list-pages.ts) see the transaction's own rows.
 */

/** Whether reads of this handle go to SQLite's reader: a SQLite site, outside any transaction. */
export function onSqliteReader(db: Db): boolean {
  return db.dialect === 'sqlite' && !openTransactionOf(db);
}

const statements = new WeakMap<Db, Map<string, Statement>>();

function prepared(db: Db, text: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = sqliteOf(db).reader.prepare(text)));
  return statement;
}

/** Table and column names come from the schema, never from a request; values are bound. */
function whereOf(list: ListQuery, from?: SortKey): { where: string; values: (string | number)[] } {
  const conditions = list.filters.map(([column]) => `${column.name} = ?`);
  const values: (string | number)[] = list.filters.map(([, value]) => value);
  if (from) {
    conditions.push('(created_at, id) <= (?, ?)');
    values.push(...from);
  }
  return { where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', values };
}

const ORDER = ' ORDER BY created_at DESC, id DESC';

export function sqliteListReads(db: Db): ListReads {
  return {
    async count(list) {
      const { where, values } = whereOf(list);
      return prepared(db, `SELECT count(*) FROM ${getTableName(list.table)}${where}`)
        .pluck()
        .get(...values) as number;
    },
    async ids(list, limit, offset, from) {
      const { where, values } = whereOf(list, from);
      return prepared(db, `SELECT id FROM ${getTableName(list.table)}${where}${ORDER} LIMIT ? OFFSET ?`)
        .pluck()
        .all(...values, limit, offset) as number[];
    },
    async sortKeyAt(list, position) {
      const { where, values } = whereOf(list);
      return prepared(db, `SELECT created_at, id FROM ${getTableName(list.table)}${where}${ORDER} LIMIT 1 OFFSET ?`)
        .raw()
        .get(...values, position) as [number, number] | undefined;
    },
  };
}

/** `column IN (the ids)`, the ids bound as one JSON array: a query prepared once serves any page size. */
function inIds(column: AnyColumn): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
}

const readers = new WeakMap<Db, Orm>();
const builtQueries = new WeakMap<Db, Map<object, unknown>>();

/** The query builder on SQLite's reader connection, for statements prepared once. */
function readerOrm(db: Db): Orm {
  let orm = readers.get(db);
  if (!orm) readers.set(db, (orm = drizzle(sqliteOf(db).reader, { schema }) as unknown as Orm));
  return orm;
}

/**
 * A query built by `make` on the reader, once per database and `key`; `inIds` gives its id condition
 * with the ids as the `ids` placeholder.
 */
export function preparedOnReader<T>(db: Db, key: object, make: (orm: Orm, ids: (column: AnyColumn) => SQL) => T): T {
  let built = builtQueries.get(db);
  if (!built) builtQueries.set(db, (built = new Map()));
  if (!built.has(key)) built.set(key, make(readerOrm(db), inIds));
  return built.get(key) as T;
}
