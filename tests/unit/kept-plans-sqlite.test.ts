import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { keptPlanText } from '../../src/server/db/kept-plans-sqlite.ts';
import { connectSqlite } from '../../src/server/db/sqlite-engine.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-plans-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('statements whose plan does not hang on their values (src/server/db/kept-plans-sqlite.ts)', () => {
  it('writes each positional parameter with a unary plus, and nothing inside quotes or comments', () => {
    expect(keptPlanText('SELECT id FROM posts WHERE kind = ? AND (created_at, id) <= (?, ?) LIMIT ? OFFSET ?')).toBe(
      'SELECT id FROM posts WHERE kind = +? AND (created_at, id) <= (+?, +?) LIMIT +? OFFSET +?',
    );
    expect(keptPlanText("SELECT '?', \"a?\", `b?`, [c?], 'it''s ?' -- why?\n, ?1 /* ? */ FROM t WHERE x = +?")).toBe(
      "SELECT '?', \"a?\", `b?`, [c?], 'it''s ?' -- why?\n, +?1 /* ? */ FROM t WHERE x = +?",
    );
    expect(keptPlanText("SELECT 'unclosed ?")).toBe("SELECT 'unclosed ?");
    expect(keptPlanText('SELECT 1 -- ? to the end')).toBe('SELECT 1 -- ? to the end');
  });

  it("is how the site's connections prepare every statement", () => {
    for (const role of ['writer', 'reader'] as const) {
      const connection = connectSqlite(path.join(folder, 'site.db'), role);
      try {
        expect(connection.prepare('SELECT ? AS value LIMIT ?').source).toBe('SELECT +? AS value LIMIT +?');
        expect(connection.prepare('SELECT ? AS value LIMIT ?').get('x', 1)).toEqual({ value: 'x' });
      } finally {
        connection.close();
      }
    }
  });

  it('finds, compares and returns every kind of value as the bare parameter does', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE t (i INTEGER, r REAL, n NUMERIC, s TEXT, b BLOB, a);
      INSERT INTO t VALUES (3, 3.5, 3, '3', x'33', 3), (NULL, NULL, NULL, NULL, NULL, NULL), (-1, 0.0, '12.0', 'زن', x'00', 'x');`);
    const values = [3, '3', 3.5, '3.5', -1, '-1', 12, '12.0', 0, 'زن', 'x', null, Buffer.from('3'), Buffer.from([0]), 9007199254740993n];
    const statements = [
      ...['i', 'r', 'n', 's', 'b', 'a'].flatMap((column) =>
        ['=', '<', '>=', 'IS', '<>'].map((operator) => `SELECT rowid FROM t WHERE ${column} ${operator} ? ORDER BY rowid`),
      ),
      'SELECT ?, typeof(?), ? + 1, ? || ?, -?, NOT ?, CAST(? AS INTEGER)',
      'SELECT rowid FROM t WHERE s IN (?, ?) OR i BETWEEN ? AND ? ORDER BY rowid LIMIT 2',
      "SELECT rowid FROM t WHERE s LIKE ? ESCAPE '\\' ORDER BY i DESC",
    ];
    db.defaultSafeIntegers(true);
    let compared = 0;
    for (const text of statements) {
      const bare = db.prepare(text);
      const kept = db.prepare(keptPlanText(text));
      const count = text.split('?').length - 1;
      for (const value of values) {
        const args = Array.from({ length: count }, (_, index) => (/LIMIT|BETWEEN/.test(text) && index >= 2 ? 1 + index : value));
        let expected: unknown;
        try {
          expected = bare.raw().all(...args);
        } catch (error) {
          expect(() => kept.raw().all(...args), `${text} with ${String(value)}`).toThrow((error as Error).message);
          continue;
        }
        expect(kept.raw().all(...args), `${text} with ${String(value)}`).toEqual(expected);
        compared += 1;
      }
    }
    // Only a statement that ran compared anything: most of them must run.
    expect(compared).toBeGreaterThan(statements.length * values.length * 0.9);
    db.close();
  });
});
