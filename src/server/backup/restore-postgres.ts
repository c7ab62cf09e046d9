import type pg from 'pg';
import { CONTENT_VERSION_CHANNEL, CONTENT_VERSION_KEY } from '../cache/content-version-postgres.ts';
import { DUMP_READ_OPTIONS, SITE_SCHEMAS } from './database-dump-postgres.ts';
import { connectionEnv, runTool } from './postgres-tools.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Puts a checked dump in place of the site's schemas (decision 027). The schemas there now are
 * renamed (`public_before_restore_<stamp>`, `drizzle_before_restore_<stamp>`) in one transaction,
 * then pg_restore recreates them from the dump in another; if it fails, the new ones are dropped and
 * the old ones renamed back. The target is the site's database (or an empty one); its role must
 * own it. Returns the names the previous schemas are kept under.
 */
export async function installPostgresDump(dump: string, url: string, stamp: string): Promise<string[]> {
  // pg is loaded on first use: 10 MB a site on SQLite (the default) does not need.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname', [
      [...SITE_SCHEMAS],
    ]);
    const kept = rows.map(({ name }) => ({ name, keptAs: `${name}_before_restore_${stamp}` }));
    await inTransaction(client, async () => {
      for (const { name, keptAs } of kept) await client.query(`ALTER SCHEMA ${quote(name)} RENAME TO ${quote(keptAs)}`);
    });
    try {
      // An empty URI: every connection setting, the password included, comes from the environment.
      const run = runTool('pg_restore', [...DUMP_READ_OPTIONS, '--exit-on-error', '--dbname=postgresql://', dump], connectionEnv(url));
      run.stdout.resume();
      await run.done;
    } catch (error) {
      await inTransaction(client, async () => {
        for (const name of SITE_SCHEMAS) await client.query(`DROP SCHEMA IF EXISTS ${quote(name)} CASCADE`);
        for (const { name, keptAs } of kept) await client.query(`ALTER SCHEMA ${quote(keptAs)} RENAME TO ${quote(name)}`);
      });
      throw new Error(`${(error as Error).message}\nThe database is as it was.`, { cause: error });
    }
    await moveContentVersionOn(client, kept.find(({ name }) => name === 'public')?.keptAs);
    return kept.map(({ keptAs }) => keptAs);
  } finally {
    await client.end();
  }
}

/**
 * Sets the restored site's content version past both the restored one and the one it replaces
 * (readers hold validators made from the latter), and tells running nodes: a version never names
 * two contents (content-version-postgres.ts).
 */
async function moveContentVersionOn(client: pg.Client, replacedSchema: string | undefined): Promise<void> {
  let replaced = 0;
  if (replacedSchema) {
    const { rows } = await client
      .query<{ value: string }>(`SELECT value FROM ${quote(replacedSchema)}.site_state WHERE key = $1`, [CONTENT_VERSION_KEY])
      .catch(() => ({ rows: [] as { value: string }[] }));
    replaced = Number(rows[0]?.value ?? 0);
  }
  const { rows } = await client.query<{ value: string }>(
    `INSERT INTO public.site_state (key, value) VALUES ($1, $2::integer + 1)
     ON CONFLICT (key) DO UPDATE SET value = GREATEST(site_state.value, $2::integer) + 1 RETURNING value`,
    [CONTENT_VERSION_KEY, replaced],
  );
  await client.query('SELECT pg_notify($1, $2)', [CONTENT_VERSION_CHANNEL, String(rows[0]!.value)]);
}

async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
