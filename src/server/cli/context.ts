import { openAndMigrate } from '../db/client.ts';
import { createDeps } from '../deps.ts';
import { EnvError, loadDotEnv, readEnv } from '../env.ts';

/** Environment, migrated database and storage for a command-line tool; a bad setting ends it with the message. */
export async function cliDeps() {
  loadDotEnv();
  try {
    // The first-admin pair only matters to the server at start; tools read their own input.
    const env = readEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    // A tool's changes to public content reach a running server through the shared counter its
    // procedures move (cache/content-version.ts), not through this process's cache.
    return createDeps({ env, db: await openAndMigrate(env.DATABASE_URL) });
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
