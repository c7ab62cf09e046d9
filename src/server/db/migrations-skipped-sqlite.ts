import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * drizzle's migrator applies only the migrations whose journal time is later than the last one a
 * database recorded. Migration 0011's time was set past 0012's, so a site that took 0011 before
 * 0012 existed would never get 0012 (and would fail at start without its table). Before drizzle
 * runs, any migration this database has neither by hash nor by time, and that drizzle would skip,
 * is applied here, in its own transaction, and recorded as drizzle records one. The journal's
 * times only grow from here on (tests/unit/migration-journals.test.ts).
 */
export function applySkippedMigrations(writer: Database.Database, migrationsFolder: string): number {
  const journalled = writer.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!journalled) return 0;
  const rows = writer.prepare('SELECT hash, created_at AS createdAt FROM __drizzle_migrations').all() as { hash: string; createdAt: number }[];
  const hashes = new Set(rows.map((row) => row.hash));
  const times = new Set(rows.map((row) => Number(row.createdAt)));
  const last = Math.max(0, ...times);
  let applied = 0;
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (hashes.has(migration.hash) || times.has(migration.folderMillis) || migration.folderMillis > last) continue;
    writer.transaction(() => {
      for (const statement of migration.sql) if (statement.trim()) writer.exec(statement);
      writer.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(migration.hash, migration.folderMillis);
    })();
    applied += 1;
  }
  return applied;
}
