import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEngine, openDatabase } from '../db/client.ts';
import { dumpPostgresDatabase, DUMP_READ_OPTIONS } from './database-dump-postgres.ts';
import { DumpScanner } from './postgres-dump-scanner.ts';
import { runTool, toolOutput } from './postgres-tools.ts';

/** What a dump of this site's migrations looks like when pg_restore reads it back (decision 027). */
export interface DumpReference {
  /** The schema's SQL (tables, sequences, defaults, keys, indexes, foreign keys), as pg_restore writes it. */
  schema: string;
  /** Every statement of the data section, its numbers blanked (sequence positions). */
  statements: Set<string>;
  /** The migrator's journal rows, as COPY text. */
  journal: string;
}

export const JOURNAL_TABLE = 'drizzle.__drizzle_migrations';
export const MAX_SCHEMA_BYTES = 16 * 1024 * 1024;

/**
 * Lines that differ between two dumps of the same schema: the server's and pg_dump's versions, and
 * the random key pg_restore puts in the `\restrict` lines of each script it writes.
 */
export function normalizeScript(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^-- Dumped (from database|by pg_dump) version /.test(line))
    .map((line) => line.replace(/^\\(un)?restrict \S+$/, '\\$1restrict'))
    .join('\n');
}

/**
 * Makes the reference a restore compares a dump with: a scratch database beside the target, made by
 * this version's migrations (migrations-pg/), dumped and read back with the same programs and
 * options as the backup. Dropped afterwards. The site's role needs CREATEDB (docs/deploy.md).
 */
export async function postgresReference(url: string): Promise<DumpReference> {
  const name = `site_restore_check_${randomBytes(6).toString('hex')}`;
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  // pg and PostgreSQL's engine are loaded on first use: 10 MB a site on SQLite (the default) does not need.
  const { default: pg } = await import('pg');
  await loadEngine(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restore-reference-'));
  try {
    await admin.query(`CREATE DATABASE ${name}`).catch((error: { code?: string; message: string }) => {
      if (error.code !== '42501') throw error;
      throw new Error(`The site's role may not create the scratch database a restore compares the backup with: ALTER ROLE … CREATEDB (docs/deploy.md).`, {
        cause: error,
      });
    });
    const scratch = openDatabase(scratchUrl.href);
    const dump = path.join(work, 'reference.pgdump');
    try {
      await scratch.migrate();
      await dumpPostgresDatabase(scratch, dump);
    } finally {
      await scratch.close();
    }
    const schema = normalizeScript(await toolOutput('pg_restore', ['--schema-only', ...DUMP_READ_OPTIONS, '--file=-', dump], MAX_SCHEMA_BYTES));
    const scanner = new DumpScanner({ statements: null, capture: JOURNAL_TABLE });
    const run = runTool('pg_restore', ['--data-only', ...DUMP_READ_OPTIONS, '--file=-', dump]);
    for await (const chunk of run.stdout) scanner.write(chunk as Buffer);
    await run.done;
    scanner.end();
    return { schema, statements: scanner.statements, journal: scanner.captured };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
