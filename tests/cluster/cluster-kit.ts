import fs from 'node:fs';
import path from 'node:path';
import { envFor } from '../../src/server/env.ts';
import { startChildServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';
import { CookieClient } from '../setup/http.ts';
import { freePort } from '../setup/postgres-server.ts';
import { freshDatabaseUrl, newTestDir, testDepsIn, type TestDeps } from '../setup/test-db.ts';
import { startHaproxy, type Balancer } from './haproxy.ts';

export interface ClusterNode {
  name: string;
  /** The node's own address, past the balancer. */
  url: string;
  server: ChildServer;
}

export interface Cluster {
  /** The balancer's address: the site's PUBLIC_URL. */
  url: string;
  balancer: Balancer;
  nodes: ClusterNode[];
  /** The shared database and storage folder, as the test process reads and prepares them. */
  deps: TestDeps;
  /** Ends HAProxy and every node still running, drops the database and removes the folder. */
  stop(): Promise<void>;
}

/** The settings every node gets alike: one database, one storage folder, one public address, one secret. */
export function nodeEnv(options: { databaseUrl: string; storageDir: string; publicUrl: string; extra?: Record<string, string> }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    STORAGE_DIR: options.storageDir,
    PUBLIC_URL: options.publicUrl,
    // HAProxy connects from loopback and appends the address it saw: the visitor is the last address not on loopback.
    TRUST_PROXY: 'loopback',
    SITE_SECRET: 'cluster-test-secret-shared-by-every-node-0123456789',
    ...options.extra,
  };
}

/**
 * PostgreSQL (a fresh database of the run's server), two app nodes sharing it and one storage
 * folder, and HAProxy in front, round robin. Whatever was started is stopped again if a later
 * part fails to start.
 */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const dir = newTestDir('cluster');
  const storageDir = path.join(dir, 'storage');
  const databaseUrl = freshDatabaseUrl(dir);
  const deps = testDepsIn(dir, envFor({ DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir }));
  const nodes: ClusterNode[] = [];
  let balancer: Balancer | null = null;
  // A worker that dies without its teardown must not leave servers behind.
  const killAll = () => {
    balancer?.process.kill('SIGKILL');
    for (const node of nodes) node.server.process.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    const stopping = [balancer?.stop(), ...nodes.map((node) => stopOrKill(node.server))];
    const results = await Promise.allSettled(stopping);
    await deps.cleanup();
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    const [balancerPort, ...nodePorts] = await Promise.all([freePort(), freePort(), freePort()]);
    const url = `http://127.0.0.1:${balancerPort}`;
    const env = nodeEnv({ databaseUrl, storageDir, publicUrl: url, extra: extraEnv });
    const names = ['a', 'b'];
    const started = await Promise.allSettled(
      names.map(async (name, i) => {
        // A folder of its own as working directory, so no .env is read.
        const cwd = path.join(dir, `node-${name}`);
        fs.mkdirSync(cwd);
        // Generous: two nodes load the server's code at the same moment, on a machine that may be busy.
        const server = await startChildServer(cwd, { ...env, PORT: String(nodePorts[i]) }, { timeoutMs: 90_000 });
        // It prints PUBLIC_URL (the balancer's) as where it listens; its own address is the port it was given.
        nodes.push({ name, url: `http://127.0.0.1:${nodePorts[i]}`, server });
      }),
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    nodes.sort((a, b) => a.name.localeCompare(b.name));
    balancer = await startHaproxy(
      dir,
      balancerPort!,
      nodes.map((node, i) => ({ name: node.name, port: nodePorts[i]! })),
    );
    return { url, balancer, nodes, deps, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** SIGTERM, and SIGKILL if the node has not gone within a few seconds. */
async function stopOrKill(server: ChildServer): Promise<void> {
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 6_000);
  try {
    await stopChildServer(server);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A browser whose requests HAProxy sees coming from `address` (a proxy in front of it, or the
 * visitor herself, said so in X-Forwarded-For): each node counts her by that address.
 */
export class Visitor extends CookieClient {
  readonly address: string;
  constructor(base: string, address: string) {
    super(base);
    this.address = address;
  }

  override fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    return super.fetch(pathname, { ...init, headers });
  }

  /** The same visitor (her cookies and address) talking to another address: a node past the balancer. */
  at(base: string): Visitor {
    const copy = new Visitor(base, this.address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}
