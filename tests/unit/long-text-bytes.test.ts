import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { longText } from '../../src/server/db/long-text.ts';

const notes = sqliteTable('notes', { body: text('body') });

// Bytes a text column can hold without being valid UTF-8 (a crafted backup could bring them):
// cut sequences, overlong forms, surrogates, bytes past U+10FFFF, a BOM, NUL, stray continuations.
const storedBytes = ['', 'c3', 'e282', 'f09f98', 'c0af', 'e080af', 'eda080', 'f4908080', 'ff', '80bf', 'efbbbf41', '410042', 'd8b3c3', 'e2808fd8'];

/**
 * SQLite's long text is read as bytes and decoded by Node (src/server/db/long-text.ts) where it was
 * read as text and decoded by V8: both must make the same string of every stored text, valid or not.
 */
describe('long text read as bytes from SQLite', () => {
  it('decodes every stored text, valid UTF-8 or not, as reading it as text does', async () => {
    const db = drizzle(new Database(':memory:'));
    db.run(sql`CREATE TABLE notes (body TEXT)`);
    for (const hex of storedBytes) db.run(sql`INSERT INTO notes (body) VALUES (CAST(${Buffer.from(hex, 'hex')} AS TEXT))`);
    db.run(sql`INSERT INTO notes (body) VALUES (${'زنان\u200c ۱۴۰۳ 👩🏽‍⚖️ \u202eabc'})`);
    db.run(sql`INSERT INTO notes (body) VALUES (NULL)`);
    const asText = await db.select({ body: notes.body }).from(notes);
    const asBytes = await db.select({ body: longText<string | null>(notes.body, 'sqlite') }).from(notes);
    expect(asBytes).toEqual(asText);
    expect(asBytes).toHaveLength(storedBytes.length + 2);
  });
});
