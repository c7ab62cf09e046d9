import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Debian's HAProxy (the `haproxy` package; scripts/ensure-test-tools.mjs installs it). */
export const HAPROXY = '/usr/sbin/haproxy';

export interface Backend {
  name: string;
  port: number;
}

export interface Balancer {
  url: string;
  process: ChildProcess;
  /** Everything HAProxy printed so far. */
  output(): string;
  /** Each server's state as HAProxy's health checks see it (UP, DOWN, …), by name. */
  serverStates(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * The configuration a two-node deployment would use: round robin, health checks on /healthz a few
 * times a second (a dead node is out within about half a second), the visitor's address passed on
 * in X-Forwarded-For, and retries: a connection that fails is retried on another server for any
 * request (it never reached a node), a request a node took and did not answer only when it is
 * idempotent (a POST is never sent twice).
 */
export function haproxyConfig(options: { port: number; backends: Backend[]; statsSocket: string }): string {
  return [
    'global',
    `  stats socket ${options.statsSocket} mode 600 level user`,
    '  maxconn 2000',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 500ms',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  retries 3',
    // Every retry goes to another server, not only the last one.
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    'frontend site',
    `  bind 127.0.0.1:${options.port}`,
    '  option forwardfor',
    // Layer-7 retries (a request sent and not answered) only for what may be sent twice.
    '  http-request disable-l7-retry unless METH_GET or METH_HEAD or METH_OPTIONS',
    '  default_backend nodes',
    '',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    '  default-server check inter 200ms fastinter 100ms downinter 200ms fall 2 rise 1',
    ...options.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`),
    '',
  ].join('\n');
}

/** Asks the stats socket for `show stat` and returns each server's status in the backend. */
function readStates(socket: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const client = net.connect(socket, () => client.end('show stat\n'));
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => (text += chunk));
    client.on('error', reject);
    client.on('close', () => {
      const [header = '', ...rows] = text.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
      const states: Record<string, string> = {};
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[proxy!] === 'nodes' && !['FRONTEND', 'BACKEND'].includes(cells[server!]!)) states[cells[server!]!] = cells[status!]!.split(' ')[0]!;
      }
      resolve(states);
    });
  });
}

/**
 * HAProxy in the foreground (-db) with that configuration, written to `dir`. Resolves once its
 * stats socket answers and every server is UP.
 */
export async function startHaproxy(dir: string, port: number, backends: Backend[]): Promise<Balancer> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig({ port, backends, statsSocket }));
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => printed,
    serverStates: () => readStates(statsSocket),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}):\n${printed}`);
        const states = await readStates(statsSocket).catch(() => ({}) as Record<string, string>);
        return backends.every((backend) => states[backend.name] === 'UP');
      },
      { timeoutMs: 10_000, what: () => `HAProxy with every server UP:\n${printed}` },
    );
  } catch (error) {
    await balancer.stop();
    throw error;
  }
  return balancer;
}

/** Polls `condition` every few milliseconds until it holds; throws naming `what` after the timeout. */
export async function waitFor(condition: () => Promise<boolean> | boolean, options: { timeoutMs: number; what: () => string; everyMs?: number }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${options.what()}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 25));
  }
}
