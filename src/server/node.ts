import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ensureInitialAdmin } from './auth/bootstrap.ts';
import { housekeeping, startBackgroundWork } from './background.ts';
import { openAndMigrate, type Db } from './db/client.ts';
import { checkErasureSetup } from './db/erase-postgres.ts';
import { oneNodeAtATime } from './db/site-jobs.ts';
import { createDeps, type DepsParts } from './deps.ts';
import type { Env } from './env.ts';
import { inFlight } from './http/in-flight.ts';
import { createSiteServer } from './http/slow-clients.ts';
import { armSetupToken } from './routers/setup.ts';
import { createPostgresGuards } from './security/guards-postgres.ts';
import { createMemoryGuards } from './security/guards.ts';
import { loadSiteKeys } from './security/site-keys.ts';
import { coarsenStoredSubmissionTimes } from './security/submission-times.ts';
import type { Deps } from './trpc/context.ts';
import { createStorage, type Storage } from './uploads/storage.ts';
import { reconcileVisibility } from './uploads/visibility.ts';

type Log = (line: string) => void;

/**
 * A node's dependencies on an open database: the site's keys (SITE_SECRET or the database's), and
 * guards shared through the database on PostgreSQL, in memory on SQLite (one process).
 */
export async function nodeDeps(parts: DepsParts): Promise<Deps> {
  const keys = parts.keys ?? (await loadSiteKeys(parts.db, parts.env));
  const guards = parts.guards ?? (parts.db.dialect === 'postgres' ? createPostgresGuards(parts.db, parts.env, keys) : createMemoryGuards(parts.env));
  return createDeps({ ...parts, keys, guards });
}

/** Repairs and first-run work before a node serves; nodes starting together take turns. */
async function prepareSite(db: Db, env: Env, storage: Storage, log: Log): Promise<void> {
  if (db.dialect === 'postgres') {
    const erasure = await checkErasureSetup(db);
    if (!erasure.ok)
      log(
        `Deleted private data cannot be fully erased on this PostgreSQL server (docs/decisions/024):\n${erasure.problems.map((problem) => `  - ${problem}`).join('\n')}`,
      );
  }
  await oneNodeAtATime(db, 'startup', 'wait', async () => {
    const moved = await reconcileVisibility({ db, storage });
    if (moved) log(`Moved ${moved} stored file(s) to the side (public or private) their item calls for.`);
    // What an earlier version (or a restored backup) kept more exactly than this one keeps.
    const coarsened = await coarsenStoredSubmissionTimes(db, env.SUBMISSION_TIME_PRECISION);
    if (coarsened) log(`Kept ${coarsened} visitor submission time(s) to the ${env.SUBMISSION_TIME_PRECISION} only.`);
    const settled = await storage.settleAllTimes();
    if (settled) log(`Gave ${settled} stored file(s) and folder(s) the fixed time.`);
    if (await ensureInitialAdmin(db, env)) log(`Created the administrator ${env.ADMIN_EMAIL}.`);
  });
}

export interface NodeOptions extends Partial<Omit<DepsParts, 'env'>> {
  env: Env;
  /** Where to listen; env.PORT and env.HOST unless given (0: any free port). */
  port?: number;
  host?: string;
  /** Folder of the built client (see createApp). */
  clientDir?: string;
  log?: Log;
}

export interface SiteNode {
  deps: Deps;
  server: Server;
  /** The address it listens on, as http://host:port. */
  url: string;
  /** The first-run setup token this node armed, when the site has no administrator yet. */
  setupToken: string | null;
  /** Requests the server is handling now (their readers may have gone). */
  handling(): number;
  /** Stops the background work, closes the server and, when the node opened it, the database. */
  stop(): Promise<void>;
}

/** How long a stopping node waits for requests still being worked on after their readers left. */
const STOP_WAIT_MS = 4_000;

/**
 * One node of the site, the one place one is built: the database (opened and migrated unless
 * given), the repairs at start, the dependencies, the HTTP server and the background work. The
 * server (src/server/serve.ts) runs one; tests start several on one database.
 */
export async function startNode(options: NodeOptions): Promise<SiteNode> {
  const { env, log = console.log } = options;
  const ownsDb = !options.db;
  const db = options.db ?? (await openAndMigrate(env.DATABASE_URL));
  const storage = options.storage ?? createStorage(env, db);
  await prepareSite(db, env, storage, log);
  await housekeeping({ db, storage, env }, log);
  const deps = await nodeDeps({ ...options, db, env, storage });
  const app = createApp({ ...deps, clientDir: options.clientDir });
  const stopBackground = startBackgroundWork(deps, log);
  // Items that fell due while the site was down are published before the first reader comes.
  await deps.publication.settled();
  const setupToken = await armSetupToken(deps);
  const server = createSiteServer(app);
  const working = inFlight(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? env.PORT, options.host ?? env.HOST, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    deps,
    server,
    url: `http://${address === '0.0.0.0' || address === '::' ? 'localhost' : host}:${port}`,
    setupToken,
    handling: working.handling,
    async stop() {
      stopBackground();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      // A request whose reader left (the socket is closed, so the server counts it done) may still
      // be working: the database stays open until it ends, or for at most STOP_WAIT_MS.
      await working.ended(STOP_WAIT_MS);
      await deps.publication.settled();
      await deps.searchWorkers.close();
      if (ownsDb) await db.close();
    },
  };
}
