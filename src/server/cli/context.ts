import { createSiteCache } from '../cache/index.ts';
import { openAndMigrate } from '../db/client.ts';
import { EnvError, loadDotEnv, readEnv } from '../env.ts';
import { createMemoryGuards } from '../security/guards.ts';
import { createStorage } from '../uploads/storage.ts';
import { MediaWorkers, mediaWorkerOptions } from '../uploads/workers/pool.ts';

/** Environment, migrated database and storage for a command-line tool; a bad setting ends it with the message. */
export function cliDeps() {
  loadDotEnv();
  try {
    // The first-admin pair only matters to the server at start; tools read their own input.
    const env = readEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const db = openAndMigrate(env.DATABASE_URL);
    // A tool's writes reach a running server through SQLite's data_version, not this cache.
    return { env, db, storage: createStorage(env.STORAGE_DIR), cache: createSiteCache(db), guards: createMemoryGuards(env), mediaWorkers: new MediaWorkers(mediaWorkerOptions(env)) };
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
