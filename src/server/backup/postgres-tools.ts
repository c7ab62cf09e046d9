import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The system's PostgreSQL client programs (pg_dump, pg_restore): from PATH (Debian's wrapper in
 * /usr/bin picks the newest installed version), else the newest /usr/lib/postgresql/<version>/bin.
 * A dump must be made by a pg_dump at least as new as the server, so the newest one is wanted.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((entry) => /^\d+$/.test(entry)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    if (isExecutable(path.join(root, version, 'bin', name))) return path.join(root, version, 'bin', name);
  }
  throw new Error(`${name} was not found on PATH nor in ${root}/<version>/bin: install the PostgreSQL client (apt-get install -y postgresql-client).`);
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslrootcert: 'PGSSLROOTCERT',
  connect_timeout: 'PGCONNECT_TIMEOUT',
};

/**
 * The environment that points libpq's programs at the database a postgres:// URL names. The
 * password goes in PGPASSWORD, never on a command line, where every user of the machine could read
 * it (/proc/<pid>/cmdline). What the URL leaves out keeps the process's own PG* settings, as the
 * site's driver does.
 */
export function connectionEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.slice(1));
  if (database) env.PGDATABASE = database;
  for (const [key, value] of parsed.searchParams) {
    const name = PARAMETERS[key];
    if (!name) throw new Error(`The database address's parameter ${key} is not one the backup tools understand (${Object.keys(PARAMETERS).join(', ')}).`);
    env[name] = value;
  }
  return env;
}

/** The database a postgres:// URL names (libpq's own default, the user's name, when it names none). */
export const databaseNameOf = (url: string) => connectionEnv(url).PGDATABASE ?? connectionEnv(url).PGUSER ?? '';

export interface ToolRun {
  /** Resolves when the program ends with status 0; rejects with its last lines of stderr otherwise. */
  done: Promise<void>;
  stdout: NodeJS.ReadableStream;
  kill(): void;
}

/** Runs one of the client programs with `args` (never a password) and the connection in its environment. */
export function runTool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv = process.env): ToolRun {
  const child = spawn(postgresTool(name), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `status ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
  return { done, stdout: child.stdout, kill: () => child.kill('SIGKILL') };
}

/** Runs a client program and returns its standard output, refusing more than `maxBytes` of it. */
export async function toolOutput(name: 'pg_dump' | 'pg_restore', args: string[], maxBytes: number, env?: NodeJS.ProcessEnv): Promise<string> {
  const run = runTool(name, args, env);
  const chunks: Buffer[] = [];
  let bytes = 0;
  run.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) run.kill();
    else chunks.push(chunk);
  });
  try {
    await run.done;
  } catch (error) {
    if (bytes > maxBytes) throw new OutputTooLarge(`${name} wrote more than ${maxBytes} bytes`);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class OutputTooLarge extends Error {}
