import Database from 'better-sqlite3';
import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema.ts';
import { baseDbFile } from '../setup/paths.ts';
import { PG_TEMPLATE, runPostgres } from '../setup/postgres-server.ts';

/**
 * Both engines' migrations, applied, hold the same tables: columns (type, nullability, default,
 * primary key), indexes (name, uniqueness, columns in order) and foreign keys (columns, target,
 * on delete). Read from the migrated databases themselves, not from the definitions.
 */
interface Shape {
  columns: string[];
  indexes: string[];
  foreignKeys: string[];
}

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable => is(value, SQLiteTable));
const timeColumns = new Set(
  tables.flatMap((table) =>
    Object.values(getTableColumns(table))
      .filter((column) => (column as SQLiteColumn).columnType === 'SQLiteTimestamp')
      .map((column) => `${getTableConfig(table).name}.${column.name}`),
  ),
);

/** One spelling for both engines' defaults: a literal, or "now" in milliseconds. */
function normalDefault(value: string | null): string {
  if (value === null) return 'none';
  if (/unixepoch\('subsec'\)|clock_timestamp\(\)/.test(value)) return 'now-ms';
  return value.replace(/::[a-z ]+$/, '').replace(/^\((.*)\)$/, '$1');
}

function sqliteShapes(): Record<string, Shape> {
  const sqlite = new Database(baseDbFile, { readonly: true });
  try {
    const shapes: Record<string, Shape> = {};
    for (const table of tables.map((entry) => getTableConfig(entry).name)) {
      const columns = sqlite
        .prepare(`SELECT name, type, "notnull" AS "notNullFlag", dflt_value AS fallback, pk FROM pragma_table_info(?) ORDER BY name`)
        .all(table) as {
        name: string;
        type: string;
        notNullFlag: number;
        fallback: string | null;
        pk: number;
      }[];
      const indexes = (
        sqlite.prepare(`SELECT name, "unique" AS isUnique FROM pragma_index_list(?) WHERE origin = 'c' ORDER BY name`).all(table) as {
          name: string;
          isUnique: number;
        }[]
      ).map(
        (index) =>
          `${index.name} ${index.isUnique ? 'unique' : 'plain'} (${(sqlite.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(index.name) as string[]).join(',')})`,
      );
      const foreignKeys = (
        sqlite
          .prepare(`SELECT "from" AS source, "table" AS target, "to" AS targetColumn, on_delete AS onDelete FROM pragma_foreign_key_list(?)`)
          .all(table) as {
          source: string;
          target: string;
          targetColumn: string;
          onDelete: string;
        }[]
      ).map((key) => `${key.source} -> ${key.target}.${key.targetColumn} on delete ${key.onDelete.toLowerCase()}`);
      shapes[table] = {
        columns: columns.map((column) => {
          const type = column.type.toLowerCase() === 'integer' && timeColumns.has(`${table}.${column.name}`) ? 'time-ms' : column.type.toLowerCase();
          return `${column.name} ${type} ${column.notNullFlag || column.pk ? 'not null' : 'null'} default ${normalDefault(column.fallback)}${column.pk ? ' primary key' : ''}`;
        }),
        indexes,
        foreignKeys: foreignKeys.sort(),
      };
    }
    return shapes;
  } finally {
    sqlite.close();
  }
}

function postgresShapes(): Record<string, Shape> {
  const server = runPostgres();
  if (!server) throw new Error('This suite runs in the api-pg project, whose run starts PostgreSQL.');
  const query = <T>(statement: string): T[] => JSON.parse(server.sql(`SELECT coalesce(json_agg(q), '[]') FROM (${statement}) q`, PG_TEMPLATE)) as T[];
  const shapes: Record<string, Shape> = {};
  for (const table of tables.map((entry) => getTableConfig(entry).name)) {
    const primary = new Set(
      query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = '${table}'::regclass AND i.indisprimary`,
      ).map((row) => row.name),
    );
    const columns = query<{ name: string; type: string; nullable: string; fallback: string | null; identity: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS fallback, is_identity AS identity FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '${table}' ORDER BY column_name`,
    );
    const indexes = query<{ name: string; isUnique: boolean; columns: string }>(
      `SELECT c.relname AS name, i.indisunique AS "isUnique", (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = '${table}'::regclass AND NOT i.indisprimary ORDER BY c.relname`,
    ).map((index) => `${index.name} ${index.isUnique ? 'unique' : 'plain'} (${index.columns})`);
    const foreignKeys = query<{ source: string; target: string; targetColumn: string; onDelete: string }>(
      `SELECT kcu.column_name AS source, ccu.table_name AS target, ccu.column_name AS "targetColumn", rc.delete_rule AS "onDelete"
       FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.constraint_name
       WHERE kcu.table_name = '${table}'`,
    ).map((key) => `${key.source} -> ${key.target}.${key.targetColumn} on delete ${key.onDelete.toLowerCase()}`);
    shapes[table] = {
      columns: columns.map((column) => {
        const type = column.type === 'bigint' ? 'time-ms' : column.type;
        const isPrimary = primary.has(column.name);
        return `${column.name} ${type} ${column.nullable === 'NO' ? 'not null' : 'null'} default ${column.identity === 'YES' ? 'none' : normalDefault(column.fallback)}${isPrimary ? ' primary key' : ''}`;
      }),
      indexes,
      foreignKeys: foreignKeys.sort(),
    };
  }
  return shapes;
}

describe('the SQLite and PostgreSQL schemas', () => {
  it('hold the same tables, columns, indexes and foreign keys once migrated', () => {
    const sqlite = sqliteShapes();
    const postgres = postgresShapes();
    expect(Object.keys(sqlite).length).toBeGreaterThanOrEqual(13);
    expect(postgres).toEqual(sqlite);
  });
});
