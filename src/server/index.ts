import { createApp } from './app.ts';
import { ensureInitialAdmin } from './auth/bootstrap.ts';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { openAndMigrate } from './db/client.ts';
import { EnvError, readEnv } from './env.ts';
import { createStorage } from './uploads/storage.ts';
import { removeStaleUploads } from './uploads/store.ts';

function loadEnv() {
  try {
    return readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();
const db = openAndMigrate(env.DATABASE_URL);
const storage = createStorage(env.STORAGE_DIR);

if (await ensureInitialAdmin(db, env)) console.log(`Created the administrator ${env.ADMIN_EMAIL}.`);

async function housekeeping() {
  try {
    deleteExpiredSessions(db);
    const removed = await removeStaleUploads({ db, storage });
    if (removed) console.log(`Removed ${removed} unused upload(s).`);
  } catch (error) {
    console.error('Housekeeping failed:', error);
  }
}
await housekeeping();
setInterval(housekeeping, 60 * 60 * 1000).unref();

const app = createApp({ db, env, storage });
const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`Listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`);
});

function shutdown() {
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
