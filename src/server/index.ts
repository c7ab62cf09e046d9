import { createApp } from './app.ts';
import { ensureInitialAdmin } from './auth/bootstrap.ts';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { openAndMigrate } from './db/client.ts';
import { checkErasureSetup } from './db/erase-postgres.ts';
import { createDeps } from './deps.ts';
import { EnvError, loadDotEnv, publicUrlWarning, readEnv } from './env.ts';
import { armSetupToken } from './routers/setup.ts';
import { createSiteServer } from './http/slow-clients.ts';
import { applyRetention } from './security/retention.ts';
import { coarsenStoredSubmissionTimes } from './security/submission-times.ts';
import { createStorage } from './uploads/storage.ts';
import { removeStaleUploads } from './uploads/store.ts';
import { reconcileVisibility } from './uploads/visibility.ts';

function loadEnv() {
  loadDotEnv();
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
const originWarning = publicUrlWarning(env);
if (originWarning) console.warn(originWarning);
const db = await openAndMigrate(env.DATABASE_URL);
if (db.dialect === 'postgres') {
  const erasure = await checkErasureSetup(db);
  if (!erasure.ok) console.warn(`Deleted private data cannot be fully erased on this PostgreSQL server (docs/decisions/024):\n${erasure.problems.map((problem) => `  - ${problem}`).join('\n')}`);
}
const storage = createStorage(env.STORAGE_DIR);

const moved = await reconcileVisibility({ db, storage });
if (moved) console.log(`Moved ${moved} stored file(s) to the side (public or private) their item calls for.`);
// What an earlier version (or a restored backup) kept more exactly than this one keeps.
const coarsened = await coarsenStoredSubmissionTimes(db, env.SUBMISSION_TIME_PRECISION);
if (coarsened) console.log(`Kept ${coarsened} visitor submission time(s) to the ${env.SUBMISSION_TIME_PRECISION} only.`);
const settled = await storage.settleAllTimes();
if (settled) console.log(`Gave ${settled} stored file(s) and folder(s) the fixed time.`);

if (await ensureInitialAdmin(db, env)) console.log(`Created the administrator ${env.ADMIN_EMAIL}.`);

async function housekeeping() {
  try {
    await deleteExpiredSessions(db);
    const removed = await removeStaleUploads({ db, storage });
    if (removed) console.log(`Removed ${removed} unused upload(s).`);
    const expired = await applyRetention({ db, storage }, env.RETENTION_DAYS);
    // Neither unused uploads nor unpublished stories and archived messages are public: the cache stays.
    if (expired.contacts || expired.stories) console.log(`Retention: deleted ${expired.contacts} archived message(s) and ${expired.stories} unpublished story(ies).`);
  } catch (error) {
    console.error('Housekeeping failed:', error);
  }
}
await housekeeping();
// housekeeping catches and logs its own failures, so nothing is left to await here.
setInterval(() => void housekeeping(), 60 * 60 * 1000).unref();

const deps = createDeps({ db, env, storage });
const app = createApp(deps);
// Items that fell due while the server was down are published before the first reader comes.
await deps.publication.settled();
// Armed before listening, announced once the address is known.
const setupToken = await armSetupToken(deps);
const server = createSiteServer(app);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const base = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  console.log(`Listening on ${base}`);
  if (setupToken) {
    console.log(`\nThis site has no administrator yet. Create the first one (this link works once, until the server restarts):\n  ${base}/setup?token=${setupToken}\n`);
  }
});

function shutdown() {
  server.close(() => {
    db.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Closing the database failed:', error);
        process.exit(1);
      },
    );
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
