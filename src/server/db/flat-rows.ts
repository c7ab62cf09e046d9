import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** A value's conversion from what the driver gives, as Drizzle keeps it on each selected field. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What Drizzle's prepared queries (better-sqlite3's and node-postgres's) keep about their selection. */
interface PreparedSelection {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder Drizzle's own row mapping uses for a selected field (drizzle-orm's mapResultRow). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * Rows of a flat selection (`select({ id: …, title: … })`, whose rows have no nested objects for
 * a join to nullify) made as Drizzle
 * makes them (the same keys in the same order, the same decoded values), but as objects V8 keeps
 * in its fast form. Drizzle adds a row's keys one by one with computed names, and V8 turns an
 * object that gets more than a dozen keys that way into a hash table: every later spread, key walk
 * and serialization of that row (editorialOutput, the answer's serialization, a page's render) was
 * several times slower. Each row here is a copy of one template made by JSON.parse, whose keys
 * are then only given values, so all rows of a query share one shape.
 */
export function flatRowMapper(fields: NonNullable<PreparedSelection['fields']>): (rows: unknown[][]) => Record<string, unknown>[] {
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  const template = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null])))) as Record<string, unknown>;
  return (rows) =>
    rows.map((raw) => {
      const row = { ...template };
      for (let index = 0; index < keys.length; index++) {
        const value = raw[index];
        row[keys[index]!] = value === null ? null : decoders[index]!.mapFromDriverValue(value);
      }
      return row;
    });
}

/**
 * Has a prepared query make its rows with flatRowMapper, through the result mapper both of
 * Drizzle's drivers call with the driver's rows as arrays. A selection that is not flat, names
 * a key twice or names `__proto__`, keeps Drizzle's own mapping. tests/api/flat-rows.test.ts checks both drivers still call it.
 */
export function mapsFlatRows(prepared: object): void {
  const selection = prepared as PreparedSelection;
  const { fields } = selection;
  if (!fields || selection.customResultMapper) return;
  const keys = fields.map(({ path }) => path[0]);
  if (fields.some(({ path }) => path.length !== 1) || new Set(keys).size !== keys.length) return;
  // The template would hold `__proto__` as its own key, where Drizzle's rows set their prototype.
  if (keys.includes('__proto__')) return;
  selection.customResultMapper = flatRowMapper(fields);
}
