import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteOf, type Db, type DbLike, type Orm } from './client.ts';
import * as schema from './schema.ts';
import { openTransactionOf } from './transaction-scope.ts';
import { mapsFlatRows } from './flat-rows.ts';

/*
 * Hot reads (a page's rows, its item, the visitor's session) built once per database, outside
 * transactions: building a Drizzle query costs more than running it (on PostgreSQL a sixth of an
 * uncached list's CPU went to building its SQL again). On SQLite they run on the reader connection
 * as prepared statements; on PostgreSQL on the pool, as unnamed statements with bound values, so no
 * server-side state depends on them (any pooler in front works, and a migration never meets a
 * stale plan). Inside a transaction the same definition is built for each read, on the transaction.
 */

const readers = new WeakMap<Db, Orm>();
const builtQueries = new WeakMap<Db, Map<object, unknown>>();

/** The builder reads are built once on: SQLite's reader connection, or PostgreSQL's pool (the handle outside transactions). */
function readerOrm(db: Db): Orm {
  if (db.dialect === 'postgres') return db as unknown as Orm;
  let orm = readers.get(db);
  if (!orm) readers.set(db, (orm = drizzle(sqliteOf(db).reader, { schema }) as unknown as Orm));
  return orm;
}

/**
 * `column IN (the ids)`, the ids bound as one value so a query built once serves any page size: a
 * JSON array on SQLite, an array on PostgreSQL (idsValue makes it).
 */
function inIds(db: Db): (column: AnyColumn) => SQL {
  return db.dialect === 'postgres'
    ? (column) => sql`${column} = ANY(${sql.placeholder('ids')}::int[])`
    : (column) => sql`${column} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
}

/** The ids as inIds binds them. */
export function idsValue(db: Db, ids: readonly number[]): unknown {
  return db.dialect === 'postgres' ? [...ids] : JSON.stringify(ids);
}

/**
 * Whether a query may be built once for this handle: a site's handle outside any transaction, whose
 * reads go to SQLite's reader or PostgreSQL's pool.
 */
export const buildsOnce = (db: DbLike): db is Db => 'engine' in db && !openTransactionOf(db);

/**
 * A query built by `make` once per database and `key`, on the builder of readerOrm; `inIds` gives its
 * id condition with the ids as the `ids` placeholder (bind them with idsValue).
 */
export function preparedOnReader<T>(db: Db, key: object, make: (orm: Orm, ids: (column: AnyColumn) => SQL) => T): T {
  let built = builtQueries.get(db);
  if (!built) builtQueries.set(db, (built = new Map()));
  if (!built.has(key)) built.set(key, make(readerOrm(db), inIds(db)));
  return built.get(key) as T;
}

/** A query on the builder that both engines can prepare with placeholders. */
export interface PreparableQuery<Row> extends PromiseLike<Row[]> {
  prepare(): { all(values: Record<string, unknown>): Promise<Row[]> };
}

/** Runs a query prepared from a PreparableQuery: SQLite's prepared statement, or PostgreSQL's unnamed one. */
type PreparedRun<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * Prepares `query` for its engine. PostgreSQL's `all` would hand back the driver's rows unmapped
 * (column names, not the selection's keys); its `execute` maps them as the builder does. With no
 * name, node-postgres sends an unnamed statement. Either way a flat selection's rows are made by flat-rows.ts (`mapsFlatRows`).
 */
export function prepareQuery<Row>(db: Db, query: PreparableQuery<Row>): PreparedRun<Row> {
  if (db.dialect === 'postgres') {
    const prepared = (query as unknown as { prepare(name?: string): { execute(values: Record<string, unknown>): Promise<Row[]> } }).prepare();
    mapsFlatRows(prepared);
    return (values) => prepared.execute(values);
  }
  const prepared = query.prepare();
  mapsFlatRows(prepared);
  return (values) => prepared.all(values);
}

/**
 * A read defined once by `define` from a builder and its named values (`value('id')`): built once
 * per database outside transactions (the values bound as placeholders), built with the values
 * inline inside one. A placeholder stands where its value goes, so `value` is typed as the value.
 */
export function preparedRead<Values extends Record<string, unknown>>() {
  return <Row>(define: (orm: DbLike, value: <K extends keyof Values & string>(name: K) => Values[K]) => PreparableQuery<Row>) =>
    async (db: DbLike, values: Values): Promise<Row[]> => {
      if (buildsOnce(db)) {
        const placeholder = <K extends keyof Values & string>(name: K) => sql.placeholder(name) as unknown as Values[K];
        return preparedOnReader(db, define, (orm) => prepareQuery(db, define(orm, placeholder)))(values);
      }
      return define(db, (name) => values[name]);
    };
}
