import type { Statement } from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import { sqliteOf, type Db } from '../db/client.ts';
import type { ListQuery, ListReads, SortKey } from './list-pages.ts';

/*
 * The public lists' reads on SQLite (a hot path): statements prepared once per database on its
 * reader connection, which sees the last commit. Used outside transactions only; inside one, the
 * builder's reads (list-pages.ts) see the transaction's own rows.
 */

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
  if (list.written) conditions.push(`${list.written.name} <> ''`);
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
