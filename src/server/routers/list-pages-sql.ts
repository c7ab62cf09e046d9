import type { Statement } from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import { postgresOf, sqliteOf, type Db } from '../db/client.ts';
import type { ListQuery, ListReads, PageWindow, SortKey } from './list-pages.ts';

/*
 * The public lists' reads (a hot path), written once in SQL both engines speak, outside transactions:
 * on SQLite statements prepared once per database on its reader connection, which sees the last
 * commit; on PostgreSQL the pool's unnamed statements with bound values. Inside a transaction the
 * builder's reads (list-pages.ts) see the transaction's own rows.
 */

/** Rows as arrays of column values. */
type RunRows = (text: string, values: readonly (string | number)[]) => Promise<unknown[][]>;

const sqliteStatements = new WeakMap<Db, Map<string, Statement>>();

function sqliteRows(db: Db): RunRows {
  let cache = sqliteStatements.get(db);
  if (!cache) sqliteStatements.set(db, (cache = new Map()));
  const statements = cache;
  return async (text, values) => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = sqliteOf(db).reader.prepare(text).raw()));
    return statement.all(...values) as unknown[][];
  };
}

/** `?` placeholders numbered as PostgreSQL writes them ($1, $2, …), once per text. */
const numbered = new Map<string, string>();
export function numberedText(text: string): string {
  let result = numbered.get(text);
  if (result === undefined) {
    let index = 0;
    numbered.set(text, (result = text.replace(/\?/g, () => `$${++index}`)));
  }
  return result;
}

function postgresRows(db: Db): RunRows {
  const { pool } = postgresOf(db);
  return async (text, values) => (await pool.query<unknown[]>({ text: numberedText(text), values: [...values], rowMode: 'array' })).rows;
}

/** Table and column names come from the schema, never from a request; values are bound. */
function whereOf(list: ListQuery, from?: SortKey): { where: string; values: (string | number)[] } {
  const conditions = list.filters.map(([column]) => `${column.name} = ?`);
  const values: (string | number)[] = list.filters.map(([, value]) => value);
  if (list.written) conditions.push(`${list.written.name} <> ''`);
  if (from) {
    conditions.push('(created_at, id) <= (?, ?)');
    values.push(...from);
  }
  return { where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', values };
}

const ORDER = ' ORDER BY created_at DESC, id DESC';

/** The statements of a list, with `?` for their values (the filters', then the row to start from, then the limit and offset). */
export const listStatements = {
  count: (list: ListQuery) => `SELECT count(*) FROM ${getTableName(list.table)}${whereOf(list).where}`,
  ids: (list: ListQuery, from?: SortKey) => `SELECT id FROM ${getTableName(list.table)}${whereOf(list, from).where}${ORDER} LIMIT ? OFFSET ?`,
  sortKeyAt: (list: ListQuery) => `SELECT created_at, id FROM ${getTableName(list.table)}${whereOf(list).where}${ORDER} LIMIT 1 OFFSET ?`,
};

/** A window's id query with its values in order (list-pages.ts reads its rows with it as a subquery). */
export function windowIdsStatement(window: PageWindow): { text: string; values: (string | number)[] } {
  return { text: listStatements.ids(window.list, window.from), values: [...whereOf(window.list, window.from).values, window.limit, window.offset] };
}

/** The list reads on either engine's connections for reads outside transactions. */
export function sqlListReads(db: Db): ListReads {
  const rows = db.dialect === 'postgres' ? postgresRows(db) : sqliteRows(db);
  return {
    async count(list) {
      const [row] = await rows(listStatements.count(list), whereOf(list).values);
      return Number(row?.[0] ?? 0);
    },
    async ids(list, limit, offset, from) {
      const found = await rows(listStatements.ids(list, from), [...whereOf(list, from).values, limit, offset]);
      return found.map((row) => Number(row[0]));
    },
    async sortKeyAt(list, position) {
      const [row] = await rows(listStatements.sortKeyAt(list), [...whereOf(list).values, position]);
      return row ? [Number(row[0]), Number(row[1])] : undefined;
    },
  };
}
