import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { PG_TEMPLATE, startPostgres } from './postgres-server.ts';

/**
 * The PostgreSQL suites' server: started once per run as an unprivileged user in a folder of the
 * run's own, with the migrated template every test file's database is created from. Stopped and
 * removed when the run ends.
 */
export default async function setup() {
  // The system's temporary folder: the server's own user must be able to reach it (a checkout under /root is not).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pg-'));
  const server = await startPostgres(dir);
  process.env.TEST_PG_PORT = String(server.port);
  process.env.TEST_PG_DATA = server.dataDir;
  server.sql(`CREATE DATABASE ${PG_TEMPLATE}`);
  const base = await openAndMigrate(server.urlOf(PG_TEMPLATE));
  await base.close();
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
