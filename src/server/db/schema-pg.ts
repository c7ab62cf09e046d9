/**
 * The PostgreSQL tables, made from the one definition in schema.ts: drizzle-kit reads this file to
 * write migrations-pg/, and tests/api/schema-parity.test.ts compares the two migrated databases.
 * At run time the site builds its queries on schema.ts's tables for both engines (decision 023), so
 * each PostgreSQL column here must give and take the same JavaScript values as its SQLite twin:
 * times stay milliseconds since 1970 in a bigint (read back as numbers, see pg-types.ts).
 */
import { Column, getTableColumns, is, sql, SQL, type AnyColumn } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex, type PgColumnBuilderBase, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from './schema.ts';

/** SQLite's default "now, in milliseconds" written for PostgreSQL. */
const NOW_MS = sql`(floor(extract(epoch from clock_timestamp()) * 1000))::bigint`;

function pgDefault(column: SQLiteColumn): SQL | undefined {
  if (!column.hasDefault || column.default === undefined) return undefined;
  const value = column.default;
  if (!is(value, SQL)) return sql.raw(typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  const text = value.queryChunks.map((chunk) => (chunk && typeof chunk === 'object' && 'value' in chunk ? (chunk.value as string[]).join('') : '')).join('');
  if (/unixepoch\('subsec'\)\s*\*\s*1000/.test(text)) return NOW_MS;
  throw new Error(`No PostgreSQL form for the SQLite default ${text} of ${column.name}`);
}

function pgColumn(column: SQLiteColumn): PgColumnBuilderBase {
  const type = column.columnType;
  let built;
  if (type === 'SQLiteTimestamp') built = bigint(column.name, { mode: 'number' });
  else if (type === 'SQLiteInteger' && column.primary && column.name === 'id') built = integer(column.name).generatedByDefaultAsIdentity();
  else if (type === 'SQLiteInteger') built = integer(column.name);
  else if (type === 'SQLiteText') built = text(column.name);
  else throw new Error(`No PostgreSQL type for ${type} (${column.name})`);
  if (column.primary) built = built.primaryKey();
  if (column.notNull && !column.primary) built = built.notNull();
  const fallback = pgDefault(column);
  if (fallback !== undefined) built = built.default(fallback);
  return built;
}

/** A partial index's condition with the twin's columns in place of SQLite's. */
function pgCondition(condition: SQL, pgColumns: Record<string, AnyColumn>): SQL {
  const byName = new Map(Object.values(pgColumns).map((column) => [column.name, column]));
  return sql.join(
    condition.queryChunks.map((chunk) => (is(chunk, Column) ? byName.get(chunk.name)! : (chunk as SQL))),
    sql.raw(''),
  );
}

/** A table of schema.ts, as PostgreSQL: same name, columns, indexes and partial indexes' conditions, and foreign keys. */
function toPg(table: SQLiteTable): PgTable {
  const config = getTableConfig(table);
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, pgColumn(column as SQLiteColumn)]));
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [(column as AnyColumn).name, key]));
  return pgTable(config.name, columns, (pg) => {
    const on = (names: string[]) => names.map((name) => pg[keyOf.get(name)!]) as [never, ...never[]];
    return [
      ...config.indexes.map((entry) => {
        const names = entry.config.columns.map((column) => (column as AnyColumn).name);
        const built = (entry.config.unique ? uniqueIndex : index)(entry.config.name).on(...on(names));
        return entry.config.where ? built.where(pgCondition(entry.config.where, pg)) : built;
      }),
      ...config.foreignKeys.map((key) => {
        const reference = key.reference();
        const foreignTable: PgTable = twin(reference.foreignTable as SQLiteTable);
        const foreignColumns = getTableColumns(foreignTable);
        const foreignKeyOf = new Map(Object.entries(getTableColumns(reference.foreignTable)).map(([k, c]) => [(c as AnyColumn).name, k]));
        return foreignKey({
          name: key.getName(),
          columns: on(reference.columns.map((column) => column.name)),
          foreignColumns: reference.foreignColumns.map((column) => foreignColumns[foreignKeyOf.get(column.name)!]) as [never, ...never[]],
        }).onDelete(key.onDelete ?? 'no action');
      }),
    ];
  });
}

const tablesByName = new Map<string, PgTable>();
/** The PostgreSQL twin of a table of schema.ts (converted once; foreign keys find their targets here). */
function twin(table: SQLiteTable): PgTable {
  const name = getTableConfig(table).name;
  if (!tablesByName.has(name)) tablesByName.set(name, toPg(table));
  return tablesByName.get(name)!;
}

// drizzle-kit finds tables among a module's named exports; the parity test checks none is missing.
export const posts = twin(sqliteSchema.posts);
export const postMedia = twin(sqliteSchema.postMedia);
export const galleryItems = twin(sqliteSchema.galleryItems);
export const contactMessages = twin(sqliteSchema.contactMessages);
export const users = twin(sqliteSchema.users);
export const sessions = twin(sqliteSchema.sessions);
export const newsletterSubscribers = twin(sqliteSchema.newsletterSubscribers);
export const newsletters = twin(sqliteSchema.newsletters);
export const newsletterDeliveries = twin(sqliteSchema.newsletterDeliveries);
export const legalItems = twin(sqliteSchema.legalItems);
export const revisions = twin(sqliteSchema.revisions);
export const stories = twin(sqliteSchema.stories);
export const uploads = twin(sqliteSchema.uploads);
export const auditLog = twin(sqliteSchema.auditLog);
export const siteState = twin(sqliteSchema.siteState);
export const siteSecrets = twin(sqliteSchema.siteSecrets);
export const setupTokens = twin(sqliteSchema.setupTokens);
export const guardCounters = twin(sqliteSchema.guardCounters);
export const recoveryCodes = twin(sqliteSchema.recoveryCodes);
export const passkeys = twin(sqliteSchema.passkeys);
export const pendingSignIns = twin(sqliteSchema.pendingSignIns);
export const cdnPurges = twin(sqliteSchema.cdnPurges);
