import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteOf, type Db, type DbLike, type Orm } from './client.ts';
import * as schema from './schema.ts';
import { openTransactionOf } from './transaction-scope.ts';

/*
 * Hot reads (a page's rows, its item, the visitor's session) prepared once per database on SQLite's
 * reader connection: building a query and preparing its statement costs more than running it.
 * Inside a transaction, and on PostgreSQL, the same definition is built for each read.
 */

/** Whether reads of this handle go to SQLite's reader: a SQLite site, outside any transaction. */
export function onSqliteReader(db: DbLike): db is Db {
  return 'engine' in db && db.dialect === 'sqlite' && !openTransactionOf(db);
}

const readers = new WeakMap<Db, Orm>();
const builtQueries = new WeakMap<Db, Map<object, unknown>>();

/** The query builder on SQLite's reader connection, for statements prepared once. */
function readerOrm(db: Db): Orm {
  let orm = readers.get(db);
  if (!orm) readers.set(db, (orm = drizzle(sqliteOf(db).reader, { schema }) as unknown as Orm));
  return orm;
}

/** `column IN (the ids)`, the ids bound as one JSON array: a query prepared once serves any page size. */
function inIds(column: AnyColumn): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
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

/** A query on the builder that SQLite can also prepare with placeholders. */
export interface PreparableQuery<Row> extends PromiseLike<Row[]> {
  prepare(): { all(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A read defined once by `define` from a builder and its named values (`value('id')`): prepared
 * once per database on SQLite's reader (the values bound as placeholders), built with the values
 * inline elsewhere. A placeholder stands where its value goes, so `value` is typed as the value.
 */
export function preparedRead<Values extends Record<string, unknown>>() {
  return <Row>(define: (orm: DbLike, value: <K extends keyof Values & string>(name: K) => Values[K]) => PreparableQuery<Row>) =>
    async (db: DbLike, values: Values): Promise<Row[]> => {
      if (onSqliteReader(db)) {
        const placeholder = <K extends keyof Values & string>(name: K) => sql.placeholder(name) as unknown as Values[K];
        return preparedOnReader(db, define, (orm) => define(orm, placeholder).prepare()).all(values);
      }
      return define(db, (name) => values[name]);
    };
}
