import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../scripts/server-command.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Running {
  url: string;
  /** The process's id, for reading its CPU time and memory from /proc (bench/process-use.ts). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts a Node script as a child process and waits for its "Listening on" line. */
export async function startProcess(script: string, env: Record<string, string>, args: string[] = []): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...args, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The web process exactly as `npm start` runs it (scripts/server-command.mjs): the built server, with its Node flags. */
export const SERVER = SERVER_ENTRY;
export const serverArgs = SERVER_NODE_ARGS;

/**
 * Waits until the server has worked off what the last measurement left it: autocannon stops at its
 * deadline, but a hundred requests still being rendered would otherwise slow the next row down.
 * Idle means two health checks in a row answered within 20 ms.
 */
export async function untilIdle(url: string, giveUpMs = 30_000): Promise<void> {
  const until = Date.now() + giveUpMs;
  let quick = 0;
  while (quick < 2 && Date.now() < until) {
    const asked = performance.now();
    await fetch(`${url}/healthz`)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    quick = performance.now() - asked < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
