import { postgresOf, type Db } from '../db/client.ts';
import { connectionEnv, runTool } from './postgres-tools.ts';

/**
 * The site's two schemas: its tables (`public`) and the migrator's journal (`drizzle`). Nothing
 * else of the database goes into a backup; a restore compares exactly these with a fresh migration.
 */
export const SITE_SCHEMAS = ['public', 'drizzle'] as const;

/**
 * How every dump is made and read back: ownership and privileges are left out (the restoring
 * role owns what it restores, as it owns what it migrates), and the restore is one transaction.
 */
export const DUMP_READ_OPTIONS = ['--no-owner', '--no-privileges', '--single-transaction'];

/**
 * Tables whose rows a backup leaves out (their structure is kept): the counts of the last hour's
 * visitors, keyed by a hash of their address (security/guards-postgres.ts), the setup tokens and the
 * sign-ins waiting for their second step.
 * On SQLite these live in the process's memory and never reach a backup either; a site restored
 * from a backup starts with them empty, as a restarted SQLite site does.
 */
export const TRANSIENT_TABLES = ['guard_counters', 'setup_tokens', 'pending_sign_ins'] as const;

/**
 * Writes a custom-format dump of the site's schemas with the system's pg_dump: one snapshot, so it
 * is consistent while the site runs and writes, as SQLite's online backup is. Uncompressed: the
 * archive is gzipped as a whole, and a restore's bounds on inflating (decision 020) then cover the
 * dump too, which pg_restore's own inflating would not.
 */
export async function dumpPostgresDatabase(db: Db, file: string): Promise<void> {
  const { url } = postgresOf(db);
  const schemas = SITE_SCHEMAS.map((schema) => `--schema=${schema}`);
  const transient = TRANSIENT_TABLES.map((table) => `--exclude-table-data=public.${table}`);
  const run = runTool(
    'pg_dump',
    ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', ...schemas, ...transient, `--file=${file}`],
    connectionEnv(url),
  );
  run.stdout.resume();
  await run.done;
}
