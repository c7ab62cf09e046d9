import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { syncSqlRunner } from './sync-sql.ts';

/** The template every test file's PostgreSQL database is created from (CREATE DATABASE … TEMPLATE). */
export const PG_TEMPLATE = 'site_base';

/** Debian's PostgreSQL binaries (the `postgresql` package), newest version first. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a)).find((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')));
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (`npm test` does it when it may).');
  return path.join(root, newest, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root (CI runs as root): the server then runs as Debian's `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export interface PostgresServer {
  port: number;
  /** The cluster's data folder (owned by the server's user). */
  dataDir: string;
  /** postgres://… of a database on it. */
  urlOf(database: string): string;
  /** Runs SQL as the superuser, synchronously (psql): tests prepare databases without awaiting. */
  sql(statement: string, database?: string): string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server in `dir` on a free port: its own cluster (trust authentication on
 * loopback only), started for a test run and removed with it. fsync is off: a test server's data
 * need not survive a power loss.
 */
export async function startPostgres(dir: string): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const data = path.join(dir, 'data');
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const [initCommand, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  execFileSync(initCommand, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
    // As docs/deploy.md asks of a production server, so erasure can keep its promise (decision 024).
    '-c',
    'wal_recycle=off',
    '-c',
    'wal_keep_size=0',
    '-c',
    'min_wal_size=32MB',
  ]);
  const server: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const psql = path.join(bin, 'psql');
  const sql = (statement: string, database = 'postgres') =>
    execFileSync(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', statement], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  for (let waited = 0; ; waited += 100) {
    try {
      sql('SELECT 1');
      break;
    } catch {
      if (waited > 30_000 || server.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    dataDir: data,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    sql,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        // Immediate shutdown: open connections are cut, and the data folder is thrown away anyway.
        const [stopCommand, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'immediate']);
        execFileSync(stopCommand, stopArgs, { stdio: 'ignore' });
      }),
  };
}

let adminStatements: ((statement: string) => unknown) | null = null;

/** The run's server as the global setup started it (TEST_PG_PORT), from a test worker. */
export function runPostgres(): (Pick<PostgresServer, 'urlOf' | 'sql'> & { admin(statement: string): void }) | null {
  const port = process.env.TEST_PG_PORT;
  if (!port) return null;
  const psql = path.join(postgresBinDir(), 'psql');
  return {
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    /** A statement whose answer is not needed (a database made or dropped), over the worker's kept connection. */
    admin: (statement) => void (adminStatements ??= syncSqlRunner(`postgres://postgres@127.0.0.1:${port}/postgres`))(statement),
    sql: (statement, database = 'postgres') =>
      execFileSync(psql, ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', statement], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
  };
}
