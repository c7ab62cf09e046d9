// npm run db:copy-to-postgres -- postgres://user@host/database   (the password in PGPASSWORD: a URL
// on the command line is visible to every user of the machine)
// Copies this site's SQLite database (DATABASE_URL, or ./data/site.db) into an empty PostgreSQL
// database, rebuilds the search index there, and checks every table by row count and content
// hash. The storage folder is not touched: point the PostgreSQL site's STORAGE_DIR at it.
import { openAndMigrate } from '../db/client.ts';
import { copySiteToPostgres, CopyRefused } from '../db/copy-site.ts';
import { EnvError, loadDotEnv, readEnv } from '../env.ts';

const target = process.argv[2];
if (!target || !/^postgres(ql)?:\/\//.test(target)) {
  console.error('Usage: PGPASSWORD=… npm run db:copy-to-postgres -- postgres://user@host:5432/database   (stop the server first)');
  process.exit(2);
}
loadDotEnv();
try {
  const env = readEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  if (/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) throw new CopyRefused('DATABASE_URL already names PostgreSQL; the copy reads an SQLite site.');
  const started = performance.now();
  const source = await openAndMigrate(env.DATABASE_URL);
  const destination = await openAndMigrate(target);
  try {
    const { tables, search } = await copySiteToPostgres(source, destination);
    for (const entry of tables)
      console.log(`${entry.table.padEnd(24)} ${String(entry.rows).padStart(8)} rows  sha256 ${entry.hash.slice(0, 16)}…  same on both`);
    console.log(
      `Copied in ${((performance.now() - started) / 1000).toFixed(1)} s; search index rebuilt (${search.documents} items). Set DATABASE_URL to the PostgreSQL address and keep STORAGE_DIR.`,
    );
  } finally {
    await Promise.all([source.close(), destination.close()]);
  }
} catch (error) {
  console.error(error instanceof CopyRefused || error instanceof EnvError ? error.message : `Copy failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
