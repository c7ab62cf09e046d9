// Probe helper: a throwaway PostgreSQL cluster holding /tmp/p/site.db's rows, kept until killed; prints its URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAndMigrate } from '../src/server/db/client.ts';
import { copySiteToPostgres } from '../src/server/db/copy-site.ts';
import { startPostgres } from '../tests/setup/postgres-server.ts';
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-pg-'));
const postgres = await startPostgres(pgDir);
postgres.sql('CREATE DATABASE bench');
const url = postgres.urlOf('bench');
const source = await openAndMigrate(process.env.DB ?? '/tmp/p/site.db');
const target = await openAndMigrate(url);
await copySiteToPostgres(source, target);
await Promise.all([source.close(), target.close()]);
fs.writeFileSync('/tmp/p/pg-url', url);
console.log(url);
process.on('SIGTERM', () => void postgres.stop().then(() => process.exit(0)));
setInterval(() => undefined, 1 << 30);
