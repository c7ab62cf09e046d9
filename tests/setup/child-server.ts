import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../../scripts/server-command.mjs';
import { repoRoot, runDir } from './paths.ts';
import { freshDatabaseUrl } from './test-db.ts';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit signal or code once the process is gone. */
  exited: Promise<string>;
}

/**
 * The real server (`npm start` without the build check: the web process built by the run's global
 * setup, ./global-server-build.ts) as a child process, in a folder of its
 * own so no .env of the checkout is read. Resolves once it says where it listens (by default
 * within 20 seconds).
 */
export function startChildServer(
  dir: string,
  /** Variables beside the defaults; `undefined` leaves a default one out (NODE_ENV, say). */
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number; /** Node flags beside the server's own (a trace, say). */ nodeArgs?: string[] } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), path.join(repoRoot, SERVER_ENTRY)], {
    cwd: dir,
    env: withoutUnset({ PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${printed}`)), options.timeoutMs ?? 20_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, process: child, output: () => printed, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${how}) before listening:\n${printed}`));
    });
  });
}

function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Ends a child server with SIGTERM and waits for it; a no-op when it is already gone. */
export async function stopChildServer(server: ChildServer): Promise<void> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
  await server.exited;
}

/** The built server in a new folder of the run's, on a new SQLite database and storage of its own. */
export function startBuiltServer(env: Record<string, string | undefined> = {}, options: Parameters<typeof startChildServer>[2] = {}): Promise<ChildServer> {
  const dir = path.join(runDir, `built-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return startChildServer(dir, { DATABASE_URL: freshDatabaseUrl(dir), STORAGE_DIR: path.join(dir, 'storage'), ...env }, options);
}

/**
 * Node flags that make the server print `REPORT <json>` of what `expression` (JavaScript, run in
 * the server's main thread) gives each time it gets SIGUSR2; `setup` runs before the server's own
 * modules. Read with `reportOf`.
 */
export function reportOnSignal(expression: string, setup = ''): string[] {
  const script = `${setup}; process.on('SIGUSR2', () => console.log('REPORT ' + JSON.stringify(${expression})));`;
  return ['--import', `data:text/javascript,${encodeURIComponent(script)}`];
}

/** Asks the server for its report (reportOnSignal) and waits for it. */
export async function reportOf<T>(server: ChildServer): Promise<T> {
  const before = server.output().split('REPORT ').length;
  server.process.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  // A report is read once its line has ended (it may arrive in pieces).
  while (server.output().split('REPORT ').length === before || !server.output().split('REPORT ').at(-1)!.includes('\n')) {
    if (Date.now() > deadline) throw new Error(`No report from the server:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const reports = server.output().split('REPORT ');
  return JSON.parse(reports[reports.length - 1]!.split('\n')[0]!) as T;
}
